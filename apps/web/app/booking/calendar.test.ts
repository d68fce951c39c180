import { describe, expect, it } from "vitest";
import { calendarDays, calendarWindow } from "./calendar.ts";
import { addDays, isIsoDate, shiftTimes, todayIn, weekStart } from "./local-dates.ts";

describe("calendarWindow", () => {
  // Wednesday 2 December 2026; the horizon ends on 30 January 2027.
  const today = "2026-12-02";
  const lastDay = "2027-01-30";

  it("starts on the Monday of today's week and asks only from today", () => {
    expect(calendarWindow(today, lastDay, null)).toEqual({
      start: "2026-11-30",
      end: "2026-12-13",
      query: { dateFrom: "2026-12-02", dateTo: "2026-12-13" },
      previous: null,
      next: "2026-12-14",
    });
  });

  it("moves to the week of a later date, and back no earlier than today's week", () => {
    const later = calendarWindow(today, lastDay, "2026-12-16");
    expect(later).toMatchObject({ start: "2026-12-14", previous: "2026-11-30", next: "2026-12-28" });
    expect(calendarWindow(today, lastDay, "2026-12-07").previous).toBe("2026-11-30");
  });

  it("stops at the horizon and ignores dates outside it or not dates at all", () => {
    expect(calendarWindow(today, lastDay, "2027-01-27")).toMatchObject({
      start: "2027-01-25",
      query: { dateFrom: "2027-01-25", dateTo: "2027-01-30" },
      next: null,
    });
    for (const from of ["2027-03-01", "2026-11-01", "2026-02-30", "tomorrow"]) {
      expect(calendarWindow(today, lastDay, from).start).toBe("2026-11-30");
    }
  });
});

describe("calendarDays", () => {
  it("marks past and free days", () => {
    const window = calendarWindow("2026-12-02", "2027-01-30", null);
    const days = calendarDays(window, "2026-12-02", "2027-01-30", new Set(["2026-12-03"]));
    expect(days).toHaveLength(14);
    expect(days.slice(0, 4)).toEqual([
      { date: "2026-11-30", weekday: 1, inRange: false, free: false },
      { date: "2026-12-01", weekday: 2, inRange: false, free: false },
      { date: "2026-12-02", weekday: 3, inRange: true, free: false },
      { date: "2026-12-03", weekday: 4, inRange: true, free: true },
    ]);
  });
});

describe("local dates", () => {
  it("knows real dates, weeks and today in a zone", () => {
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2027-02-29")).toBe(false);
    expect(weekStart("2026-12-06")).toBe("2026-11-30");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    // 23:30 UTC on 1 December is already the 2nd in Sofia.
    expect(todayIn("Europe/Sofia", new Date("2026-12-01T23:30:00Z"))).toBe("2026-12-02");
  });

  it("moves an appointment's services together, written at the new start's offset", () => {
    expect(shiftTimes(["2026-10-24T10:00:00+03:00", "2026-10-24T10:45:00+03:00"], "2026-10-26T09:00:00+02:00")).toEqual(
      ["2026-10-26T09:00:00+02:00", "2026-10-26T09:45:00+02:00"],
    );
  });
});
