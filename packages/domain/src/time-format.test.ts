import { describe, expect, it } from "vitest";
import { SUPPORTED_LANGUAGES } from "./languages.ts";
import { formatClockRange, formatClockTime, formatDateAndTime } from "./time-format.ts";

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");
const at = (iso: string) => new Date(iso);
const ZONE = "Europe/Sofia";

describe("one clock per language", () => {
  it.each(SUPPORTED_LANGUAGES)("%s writes a time alike alone, in a range and beside its date", (language) => {
    const [start, end] = [at("2026-03-12T07:00:00Z"), at("2026-03-12T07:45:00Z")];
    const time = formatClockTime(start, language, ZONE);
    expect(formatDateAndTime(start, language, ZONE)).toContain(time);
    const range = formatClockRange(start, end, language, ZONE);
    expect(range.startsWith(time)).toBe(true);
    expect(range.endsWith(formatClockTime(end, language, ZONE))).toBe(true);
  });

  it("writes the hour with two digits where the language does, in headlines too", () => {
    for (const language of ["de", "mk", "tr", "ru"] as const) {
      expect(formatClockTime(at("2026-03-12T07:00:00Z"), language, ZONE)).toBe("09:00");
      expect(formatDateAndTime(at("2026-03-12T07:00:00Z"), language, ZONE)).toMatch(/\b09:00$/);
    }
    expect(plain(formatClockRange(at("2026-03-12T07:00:00Z"), at("2026-03-12T07:45:00Z"), "de", ZONE))).toBe(
      "09:00–09:45",
    );
    expect(formatClockRange(at("2026-03-12T07:00:00Z"), at("2026-03-12T07:45:00Z"), "bg", ZONE)).toBe("9:00–9:45");
    expect(plain(formatClockRange(at("2026-03-12T07:00:00Z"), at("2026-03-12T07:45:00Z"), "en", ZONE))).toBe(
      "9:00 AM\u2009–\u20099:45 AM",
    );
  });

  it("uses the 24-hour clock in Greek, and CLDR's 12-hour one in English", () => {
    expect(formatClockTime(at("2026-03-12T21:00:00Z"), "el", ZONE)).toBe("23:00");
    expect(formatDateAndTime(at("2026-03-12T21:00:00Z"), "el", ZONE)).toBe("Πέμπτη 12 Μαρτίου 2026 στις 23:00");
    expect(plain(formatClockTime(at("2026-03-12T21:00:00Z"), "en", ZONE))).toBe("11:00 PM");
  });

  it("gives a range over midnight its dates, but not one that ends at midnight", () => {
    const [late, midnight] = [at("2026-03-12T21:00:00Z"), at("2026-03-12T22:00:00Z")];
    expect(formatClockRange(late, midnight, "de", ZONE)).toBe("23:00–00:00");
    expect(formatClockRange(late, at("2026-03-12T23:00:00Z"), "de", ZONE)).toBe(
      "Donnerstag, 12. März 2026 um 23:00\u2009–\u2009Freitag, 13. März 2026 um 01:00",
    );
  });
});
