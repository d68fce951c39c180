// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
// Capacitor's own runtime (window.Capacitor): the native app's web view has it; its bridge says which platform.
import "@capacitor/core";
import { renderInRoot } from "../../test/render-in-root.tsx";
import { SideMenu } from "./SideMenu.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function helpLinks() {
  renderInRoot(<SideMenu open onOpenChange={() => {}} />);
  const help = await screen.findByRole("navigation", { name: "Help" });
  return within(help)
    .getAllByRole("link")
    .map((link) => [link.textContent, link.getAttribute("href")]);
}

describe("the side menu's help links", () => {
  it("offer the application on the web, and leave the legal pages to the footer", async () => {
    expect(await helpLinks()).toEqual([
      ["Customer support", "/en/pages/contacts"],
      ["Download application", "/en/download-application"],
      ["For business partners ", "https://partners.termin.example/"],
    ]);
  });

  it("list Terms, Privacy policy and Cookies policy in the native app, and no download", async () => {
    vi.stubGlobal("androidBridge", {});
    expect(await helpLinks()).toEqual([
      ["Customer support", "/en/pages/contacts"],
      ["For business partners ", "https://partners.termin.example/"],
      ["Terms", "/en/pages/terms"],
      ["Privacy policy", "/en/pages/privacy-policy"],
      ["Cookies policy", "/en/pages/cookies"],
    ]);
  });
});
