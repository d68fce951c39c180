import { describe, expect, it } from "vitest";
import { SUPPORTED_LANGUAGES, type Language } from "@termin/domain/languages";
import { BOOKING_EVENTS, BOOKING_NOTICE_TEXTS } from "./booking-notice-texts.ts";

const TEXTS = [
  "appointment",
  "summary",
  "serviceLine",
  "whenLabel",
  "whereLabel",
  "servicesLabel",
  "openAction",
  "calendarAction",
] as const;

/** Every text of a language, keyed by a readable path. */
function textsOf(language: Language): Record<string, string> {
  const texts = BOOKING_NOTICE_TEXTS[language];
  return {
    ...Object.fromEntries(TEXTS.map((key) => [key, texts[key]])),
    ...Object.fromEntries(
      BOOKING_EVENTS.flatMap((event) => [
        [`${event}.title`, texts.events[event].title],
        [`${event}.lead`, texts.events[event].lead],
      ]),
    ),
  };
}

/** The placeholders each text must use, no more and no fewer. */
const PLACEHOLDERS: Record<string, string[]> = {
  appointment: ["{place}", "{services}", "{when}"],
  summary: ["{place}", "{services}"],
  serviceLine: ["{employee}", "{service}", "{time}"],
};

describe("booking notice texts", () => {
  it("cover exactly the supported languages", () => {
    expect(Object.keys(BOOKING_NOTICE_TEXTS).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
  });

  it.each(SUPPORTED_LANGUAGES)("%s has every text, filled in", (language) => {
    const texts = textsOf(language);
    expect(Object.keys(texts)).toHaveLength(TEXTS.length + BOOKING_EVENTS.length * 2);
    for (const [key, value] of Object.entries(texts)) {
      expect(value.trim(), `${language} ${key}`).not.toBe("");
      expect(value, `${language} ${key}`).toBe(value.trim());
    }
  });

  it.each(SUPPORTED_LANGUAGES)("%s uses its placeholders and no others", (language) => {
    for (const [key, value] of Object.entries(textsOf(language))) {
      const used = [...value.matchAll(/\{\w+\}/g)].map(([placeholder]) => placeholder).sort();
      expect(used, `${language} ${key}`).toEqual(PLACEHOLDERS[key] ?? []);
    }
  });

  it.each(SUPPORTED_LANGUAGES.filter((language) => language !== "en"))(
    "%s is translated, not English left in place",
    (language) => {
      const english = textsOf("en");
      for (const [key, value] of Object.entries(textsOf(language))) {
        if (key === "summary" || key === "appointment" || key === "serviceLine") continue;
        expect(value, `${language} ${key}`).not.toBe(english[key]);
      }
      expect(textsOf(language).summary).not.toBe(english.summary);
    },
  );

  it.each(SUPPORTED_LANGUAGES)("%s is typographically clean: no straight quotes, no double spaces", (language) => {
    for (const [key, value] of Object.entries(textsOf(language))) {
      expect(value, `${language} ${key}`).not.toMatch(/["]|\s{2}| [,.:;!?](?!\u00a0)/);
      // The appointment sentence gets its full stop in code (Intl may already end with one).
      if (key === "appointment") expect(value, `${language} ${key}`).not.toMatch(/\.$/);
      if (key.endsWith(".lead")) expect(value, `${language} ${key}`).toMatch(/[.!]$/);
    }
  });

  it("writes French colons after a no-break space", () => {
    const { whenLabel, whereLabel, servicesLabel } = BOOKING_NOTICE_TEXTS.fr;
    for (const label of [whenLabel, whereLabel, servicesLabel]) expect(label).toMatch(/\S\u00a0:$/);
  });

  it("writes Cyrillic texts in Cyrillic and Greek in Greek", () => {
    for (const language of ["bg", "mk", "ru"] as const) {
      expect(BOOKING_NOTICE_TEXTS[language].events.booked.title).toMatch(/^[\u0400-\u04ff\s]+$/);
    }
    expect(BOOKING_NOTICE_TEXTS.el.events.booked.title).toMatch(/^[\u0370-\u03ff\u1f00-\u1fff\s]+$/);
  });
});
