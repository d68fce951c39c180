import { describe, expect, it } from "vitest";
import { freeOnDateRange } from "./free-on-dates.ts";
import { isFreeOn, windowOf } from "./free-on.ts";
import { isPartOfDay, partOfDayAt, partOfDayOfStart, PARTS_OF_DAY } from "./part-of-day.ts";
import type { AvailabilityInput, InstantRange, WeeklyInterval } from "./types.ts";

const everyDay = (start: string, end: string): WeeklyInterval[] =>
  ([1, 2, 3, 4, 5, 6, 7] as const).map((weekday) => ({ weekday, start, end }));
const sofia = (time: string) => Date.parse(`2026-12-02T${time}:00+02:00`);

/** Open 09:00-20:00 in Sofia, one employee on the same hours, a 60-minute service; busy as given. */
function salon(busy: InstantRange[] = [], durationMinutes = 60): AvailabilityInput {
  return {
    now: Date.parse("2026-12-01T08:00:00Z"),
    rules: { leadTimeMinutes: 60, horizonDays: 60 },
    location: { timeZone: "Europe/Sofia", hours: everyDay("09:00", "20:00"), exceptions: [], resources: [] },
    service: { durationMinutes, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, resourceNeeds: [] },
    employees: [{ id: "1", shifts: everyDay("09:00", "20:00"), breaks: [], exceptions: [], timeOff: [], busy }],
  };
}

describe("parts of the day", () => {
  it("split the day at 12:00 and 17:00 on the location's clock", () => {
    expect(["00:00", "11:59", "12:00", "16:59", "17:00", "23:59"].map(partOfDayAt)).toEqual([
      "morning",
      "morning",
      "afternoon",
      "afternoon",
      "evening",
      "evening",
    ]);
    // 09:00 in New York is 14:00 UTC: a morning there.
    expect(partOfDayOfStart("2026-12-01T09:00:00-05:00")).toBe("morning");
    expect(PARTS_OF_DAY.map((part) => windowOf(part))).toEqual([
      { from: "00:00", to: "12:00" },
      { from: "12:00", to: "17:00" },
      { from: "17:00", to: "24:00" },
    ]);
    expect(windowOf(undefined)).toEqual({ from: "00:00", to: "24:00" });
    expect([isPartOfDay("evening"), isPartOfDay("night"), isPartOfDay(undefined)]).toEqual([true, false, false]);
  });
});

describe("isFreeOn", () => {
  it("is free in a part when a service has a start in it, by its start", () => {
    // Busy until 11:30: the last morning start, 11:45, still fits before 12:45.
    const morningBusy = [{ start: sofia("09:00"), end: sofia("11:30") }];
    expect(isFreeOn([salon(morningBusy)], "2026-12-02", "morning")).toBe(true);
    // Busy until 12:45: no start before 12:00 is free any more, the afternoon is.
    const wholeMorning = [{ start: sofia("09:00"), end: sofia("12:45") }];
    expect(isFreeOn([salon(wholeMorning)], "2026-12-02", "morning")).toBe(false);
    expect(isFreeOn([salon(wholeMorning)], "2026-12-02", "afternoon")).toBe(true);
    expect(isFreeOn([salon(wholeMorning)], "2026-12-02")).toBe(true);
  });

  it("tries each service until one fits, and none without employees", () => {
    const busy = [{ start: sofia("09:00"), end: sofia("19:30") }];
    // 19:30-20:00 is free: a 30-minute service fits, a 60-minute one does not.
    expect(isFreeOn([salon(busy)], "2026-12-02", "evening")).toBe(false);
    expect(isFreeOn([salon(busy), salon(busy, 30)], "2026-12-02", "evening")).toBe(true);
    expect(isFreeOn([{ ...salon(), employees: [] }], "2026-12-02")).toBe(false);
    expect(isFreeOn([], "2026-12-02")).toBe(false);
  });

  it("keeps the engine's rules: nothing in the past or beyond the horizon", () => {
    expect(isFreeOn([salon()], "2026-11-30")).toBe(false);
    expect(isFreeOn([salon()], "2027-03-01")).toBe(false);
  });
});

describe("freeOnDateRange", () => {
  it("runs from today somewhere on Earth to a year after the latest today", () => {
    // 08:00 UTC: still the day before west of UTC-8, already the day itself everywhere east.
    expect(freeOnDateRange(Date.parse("2026-12-01T08:00:00Z"))).toEqual({
      earliest: "2026-11-30",
      latest: "2027-12-02",
    });
    // 13:00 UTC: the day itself from UTC-12 on, the next day from UTC+11 on.
    expect(freeOnDateRange(Date.parse("2026-12-01T13:00:00Z"))).toEqual({
      earliest: "2026-12-01",
      latest: "2027-12-03",
    });
  });
});
