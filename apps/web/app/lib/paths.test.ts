import { describe, expect, it } from "vitest";
import { isRouteRoot, localizedPath, switchLanguageInPath } from "./paths.ts";

describe("paths", () => {
  it("prefixes a route with the language", () => {
    expect(localizedPath("mk", "pages/terms")).toBe("/mk/pages/terms");
    expect(localizedPath("en", "/home")).toBe("/en/home");
  });

  it("swaps the language of a path and keeps the rest", () => {
    expect(switchLanguageInPath("/en/pages/terms", "el")).toBe("/el/pages/terms");
    expect(switchLanguageInPath("/en", "bg")).toBe("/bg");
    expect(switchLanguageInPath("/en/", "bg")).toBe("/bg");
  });

  it("knows the spec's route roots and nothing else", () => {
    expect(isRouteRoot("search")).toBe(true);
    expect(isRouteRoot("download-application")).toBe(true);
    expect(isRouteRoot("nowhere")).toBe(false);
    expect(isRouteRoot(undefined)).toBe(false);
  });
});
