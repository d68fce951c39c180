import { describe, expect, it } from "vitest";
import { SUPPORTED_LANGUAGES } from "@termin/domain/languages";
import {
  formatTimeOfDay,
  formatTimesOfDay,
  openStatus,
  timeZoneName,
  weekdayName,
  type OpeningSpan,
} from "./opening-hours.ts";

// Monday to Friday 09:00-19:00, Saturday 10:00-14:00, closed on Sunday.
const spans: OpeningSpan[] = [
  ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, opensAt: "09:00", closesAt: "19:00" })),
  { weekday: 6, opensAt: "10:00", closesAt: "14:00" },
];

describe("openStatus", () => {
  it("reads the clock in the location's time zone, not the server's", () => {
    // 2026-11-23 is a Monday; 06:30 UTC is 08:30 in Sofia (UTC+2) and 09:30 in Moscow (UTC+3).
    const now = new Date("2026-11-23T06:30:00Z");
    expect(openStatus(spans, "Europe/Sofia", now)).toEqual({ open: false, opensAt: "09:00", weekday: 1, today: true });
    expect(openStatus(spans, "Europe/Moscow", now)).toEqual({ open: true, closesAt: "19:00" });
  });

  it("after Saturday's closing, the next opening is on Monday", () => {
    const saturdayEvening = new Date("2026-11-28T16:00:00Z");
    expect(openStatus(spans, "Europe/Sofia", saturdayEvening)).toEqual({
      open: false,
      opensAt: "09:00",
      weekday: 1,
      today: false,
    });
  });

  it("a place without hours has no next opening", () => {
    expect(openStatus([], "Europe/Sofia", new Date())).toEqual({ open: false, opensAt: null });
  });
});

describe("formatting", () => {
  it("writes times and weekdays in the visitor's language", () => {
    expect(formatTimeOfDay("09:00", "en").replace(/\u202f/g, " ")).toBe("9:00 AM");
    expect(formatTimeOfDay("19:30", "de")).toBe("19:30");
    expect(formatTimeOfDay("09:00", "mk")).toBe("09:00");
    expect(weekdayName(1, "en")).toBe("Monday");
    expect(weekdayName(7, "el")).toBe("Κυριακή");
  });

  it("writes opening spans with the same clock as single times: 24-hour in Greek", () => {
    expect(formatTimeOfDay("23:00", "el")).toBe("23:00");
    expect(formatTimesOfDay("09:00", "19:00", "de")).toBe("09:00–\u206019:00");
    expect(formatTimesOfDay("09:00", "24:00", "el")).toBe("09:00–\u206000:00");
    expect(formatTimesOfDay("09:00", "19:00", "en").replace(/\u2060/g, "")).toBe(
      "9:00\u00a0AM\u00a0–\u00a07:00\u00a0PM",
    );
  });

  it("keeps a span on one line: no-break spaces, and a word joiner after the dash a line could break after", () => {
    for (const language of ["bg", "en", "el", "ru"] as const) {
      expect(formatTimesOfDay("09:00", "19:00", language)).not.toMatch(/[^\S\u00a0]|–(?!\u2060)/);
    }
  });
});

describe("timeZoneName", () => {
  it("names the zone for travellers, the same in summer and winter", () => {
    expect(timeZoneName("Europe/Skopje", "mk", new Date("2026-07-01T12:00:00Z"))).toBe("Средноевропско време");
    expect(timeZoneName("Europe/Skopje", "en", new Date("2026-12-01T12:00:00Z"))).toBe("Central European Time");
  });

  it("names London's time, not a country in a frame, in every language", () => {
    const [winter, summer] = [new Date("2026-01-15T12:00:00Z"), new Date("2026-07-15T12:00:00Z")];
    expect(timeZoneName("Europe/London", "el", winter)).toBe("Μέση ώρα Γκρίνουιτς");
    expect(timeZoneName("Europe/London", "el", summer)).toBe("Θερινή ώρα Βρετανίας");
    expect(timeZoneName("Europe/London", "en", winter)).toBe("Greenwich Mean Time");
    for (const language of SUPPORTED_LANGUAGES) {
      const longName = new Intl.DateTimeFormat(language, { timeZone: "Europe/London", timeZoneName: "long" })
        .formatToParts(winter)
        .find((part) => part.type === "timeZoneName")?.value;
      expect(timeZoneName("Europe/London", language, winter), language).toBe(longName);
    }
  });

  it("keeps the country where the time's own name is only an offset", () => {
    expect(timeZoneName("Europe/Istanbul", "bg", new Date("2026-01-15T12:00:00Z"))).toBe("Турция");
    expect(timeZoneName("Europe/Sofia", "el", new Date("2026-01-15T12:00:00Z"))).toBe("Ώρα Ανατολικής Ευρώπης");
  });
});
