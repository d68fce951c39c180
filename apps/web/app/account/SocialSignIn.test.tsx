// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "../../test/render-with-i18n.tsx";
import type { Site } from "@termin/contracts/site";
import { SocialSignIn, SocialSignInError } from "./SocialSignIn.tsx";

afterEach(cleanup);

const MARKETPLACE: Site = { mode: "marketplace", origin: "http://termin.test" };

/** The sign-in page's social part under a root route with the given configuration, at `path`. */
function renderSignIn(socialLogin: "google" | null, path = "/de/sign-in", site: Site = MARKETPLACE) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/:lang/sign-in",
      loader: () => ({ language: "de", config: { socialLogin }, site }),
      Component: () => (
        <main>
          <h1>Sign in</h1>
          <SocialSignInError />
          <SocialSignIn redirectTo="/de/location/salon?tab=reviews" />
        </main>
      ),
    },
  ]);
  return renderWithI18n(<Stub initialEntries={[path]} />);
}

describe("SocialSignIn", () => {
  it("offers Google, keeping the page language and where the visitor was heading", async () => {
    renderSignIn("google");
    const link = await screen.findByRole("link", { name: "Continue with Google" });
    const href = new URL(link.getAttribute("href") ?? "", "http://termin.test");
    expect(href.pathname).toBe("/auth/google");
    expect(Object.fromEntries(href.searchParams)).toEqual({ redirectTo: "/de/location/salon?tab=reviews", lang: "de" });
  });

  it("is not offered in a widget's frame, which Google refuses to be in", async () => {
    const business = { id: 1, slug: "salon", name: "Salon", brandColor: null, soleLocation: null };
    renderSignIn("google", "/de/sign-in", { mode: "embed", origin: "http://termin.test", business, embedOrigins: [] });
    await screen.findByRole("heading", { name: "Sign in" });
    expect(screen.queryByRole("link", { name: "Continue with Google" })).toBeNull();
  });

  it("is not there when social login is not configured", async () => {
    renderSignIn(null);
    await screen.findByRole("heading", { name: "Sign in" });
    expect(screen.queryByRole("link", { name: "Continue with Google" })).toBeNull();
  });
});

describe("SocialSignInError", () => {
  it("shows why the last Google sign-in failed and writes it to the console", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderSignIn("google", "/de/sign-in?social_error=denied");
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", "Signing in with Google was cancelled.");
    expect(consoleError).toHaveBeenCalledWith("Social login failed (denied): Signing in with Google was cancelled.");
    consoleError.mockRestore();
  });

  it("says the sign-in failed for a code it does not know", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderSignIn("google", "/de/sign-in?social_error=something_new");
    expect(await screen.findByRole("alert")).toHaveProperty(
      "textContent",
      "Signing in with Google did not work. Please try again.",
    );
    consoleError.mockRestore();
  });

  it("shows nothing without an error", async () => {
    renderSignIn("google");
    await screen.findByRole("link", { name: "Continue with Google" });
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
