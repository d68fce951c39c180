import { describe, expect, it } from "vitest";
import { createI18n } from "./i18n.ts";
import type { Catalog } from "./i18n.ts";
import en from "./locales/en.json";

describe("createI18n", () => {
  it("gives every request its own instance, so languages never leak between them", () => {
    const german = { ...en, nav: { ...en.nav, home: "Startseite" } } as Catalog;
    const first = createI18n("en", en);
    const second = createI18n("de", german);
    expect(first.t("nav.home")).toBe("Home");
    expect(second.t("nav.home")).toBe("Startseite");
    expect(first.language).toBe("en");
    expect(first.t("nav.home")).toBe("Home");
  });

  it("interpolates values", () => {
    expect(createI18n("en", en).t("menu.version", { version: "1.2.3", build: "abc" })).toBe(
      "Version 1.2.3 (build abc)",
    );
  });
});
