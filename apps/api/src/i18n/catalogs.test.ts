import { describe, expect, it } from "vitest";
import { SUPPORTED_LANGUAGES } from "@termin/domain/languages";
import { ERROR_STATUS } from "../http/app-error.ts";
import { CATALOGS } from "./catalogs/index.ts";
import { translate } from "./translate.ts";

const PLURAL = /_(zero|one|two|few|many|other)$/;
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();
const baseOf = (key: string) => key.replace(PLURAL, "");

/** The plural forms a language uses for whole counts (what a message's count can be). */
function formsFor(language: string): string[] {
  const rules = new Intl.PluralRules(language);
  return [...new Set(Array.from({ length: 201 }, (_, n) => rules.select(n)))];
}

const english = CATALOGS.en;
const englishBases = new Set(Object.keys(english).map(baseOf));
const pluralBases = new Set(
  Object.keys(english)
    .filter((key) => PLURAL.test(key))
    .map(baseOf),
);

describe("the API's message catalogs", () => {
  it.each(SUPPORTED_LANGUAGES.filter((language) => language !== "en"))(
    "%s has every message, with the English one's placeholders, translated",
    (language) => {
      const catalog = CATALOGS[language];
      for (const key of Object.keys(catalog)) expect(englishBases, `${language}: ${key}`).toContain(baseOf(key));
      for (const [key, text] of Object.entries(english)) {
        if (PLURAL.test(key)) continue;
        expect(catalog[key], `${language}: ${key}`).toBeDefined();
        expect(placeholders(catalog[key] ?? ""), `${language}: ${key}`).toEqual(placeholders(text));
        expect(catalog[key], `${language}: ${key} is the English text`).not.toBe(text);
      }
      for (const base of pluralBases) {
        const expected = placeholders(english[`${base}_other`] ?? "");
        for (const form of [...formsFor(language), "other"]) {
          const text = catalog[`${base}_${form}`];
          expect(text, `${language}: ${base}_${form}`).toBeDefined();
          expect(placeholders(text ?? ""), `${language}: ${base}_${form}`).toEqual(expected);
        }
      }
    },
  );

  it("has a message for every error code", () => {
    for (const code of Object.keys(ERROR_STATUS)) expect(englishBases, code).toContain(code);
  });
});

describe("translate", () => {
  it("writes durations, numbers and moments in the reader's language and picks its plural form", () => {
    const notice = { quantity: 24, unit: "hour" } as const;
    expect(translate("en", { key: "before_minimum_notice", values: { notice } })).toContain("at least 24 hours ahead");
    expect(translate("bg", { key: "before_minimum_notice", values: { notice } })).toContain("поне 24 часа");
    expect(translate("ru", { key: "move_needs_each_service", values: { count: 5 } })).toContain("5 услуг:");
    expect(translate("ru", { key: "move_needs_each_service", values: { count: 2 } })).toContain("2 услуги:");
    expect(translate("en", { key: "move_needs_each_service", values: { count: 1 } })).toContain("1 service:");
    const deadline = { instant: Date.UTC(2026, 11, 3, 8, 0), timeZone: "Europe/Sofia" };
    const values = { deadline, notice };
    expect(translate("en", { key: "too_late_to_cancel", values })).toContain("Dec 3, 2026, 10:00");
    expect(translate("de", { key: "too_late_to_cancel", values })).toContain("03.12.2026, 10:00");
  });
});
