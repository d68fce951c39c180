import { describe, expect, it } from "vitest";
import { createI18n, type Catalog } from "./i18n.ts";
import en from "./locales/en.json";
import el from "./locales/el.json";
import ru from "./locales/ru.json";

describe("createI18n", () => {
  it("gives every request its own translator, so languages never leak between them", () => {
    const german = { ...en, nav: { ...en.nav, home: "Startseite" } } as Catalog;
    const first = createI18n("en", en);
    const second = createI18n("de", german);
    expect(first.t("nav.home")).toBe("Home");
    expect(second.t("nav.home")).toBe("Startseite");
    expect(first.language).toBe("en");
    expect(first.t("nav.home")).toBe("Home");
  });

  it("interpolates values and leaves unknown placeholders and single braces alone", () => {
    const { t } = createI18n("en", en);
    expect(t("menu.version", { version: "1.2.3", build: "abc" })).toBe("Version 1.2.3 (build abc)");
    expect(t("menu.version", { version: "1.2.3" })).toBe("Version 1.2.3 (build {{build}})");
    // Radix fills {hotkey} itself.
    expect(t("toast.region")).toBe("Notifications ({hotkey})");
  });

  it("ends a sentence once when a value ends with an abbreviation's full stop", () => {
    const { t } = createI18n("el", el as Catalog);
    expect(t("appointment.cancelUntil", { until: "Πέμπτη 12 Μαρτίου 2026 στις 11:00 μ.μ." })).toBe(
      "Δωρεάν ακύρωση έως Πέμπτη 12 Μαρτίου 2026 στις 11:00 μ.μ.",
    );
    expect(createI18n("en", en).t("appointment.cancelUntil", { until: "Thursday at 23:00" })).toBe(
      "Free cancellation until Thursday at 23:00.",
    );
  });

  it("picks the plural form by the language's rules", () => {
    const english = createI18n("en", en);
    expect(english.t("business.locations", { count: 1 })).toBe("1 location");
    expect(english.t("business.locations", { count: 3 })).toBe("3 locations");
    const russian = createI18n("ru", ru as Catalog);
    const forms = [1, 2, 5, 21, 1.5].map((count) => russian.t("business.locations", { count }));
    // one, few, many, one (21), other (fractions): four different words.
    expect(new Set(forms.slice(0, 3)).size).toBe(3);
    expect(forms[3]?.replace("21", "1")).toBe(forms[0]);
  });

  it("accepts only keys of the catalog (checked by the type checker)", () => {
    const { t } = createI18n("en", en);
    // @ts-expect-error: not a key of the catalog
    expect(t("nav.nowhere")).toBe("nav.nowhere");
  });

  it("shows the key of a missing text rather than failing", () => {
    const partial = { ...en, nav: { ...en.nav, home: undefined } } as unknown as Catalog;
    expect(createI18n("en", partial).t("nav.home")).toBe("nav.home");
  });
});
