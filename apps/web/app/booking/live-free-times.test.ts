import { describe, expect, it } from "vitest";
import { concerns, pickerWatch, seatsWatch } from "./live-free-times.ts";

describe("which live changes a page reads its data again for", () => {
  const picker = pickerWatch("12", "2026-11-30", "2026-12-13");

  it("a picker: changes of its location's free times within its two weeks, a day's margin on each side", () => {
    const change = (location_id: string, from: string, to: string) =>
      ({ event: "free-times", location_id, from, to }) as const;
    expect(concerns(picker, change("12", "2026-12-01T08:00:00Z", "2026-12-01T09:00:00Z"))).toBe(true);
    // Sydney's morning of 30 November is the evening before in UTC.
    expect(concerns(picker, change("12", "2026-11-29T21:00:00Z", "2026-11-29T22:00:00Z"))).toBe(true);
    expect(concerns(picker, change("14", "2026-12-01T08:00:00Z", "2026-12-01T09:00:00Z"))).toBe(false);
    expect(concerns(picker, change("12", "2026-12-20T08:00:00Z", "2026-12-20T09:00:00Z"))).toBe(false);
    expect(concerns(picker, { event: "seats", location_id: "12", class_session_id: "3", seats_left: 0 })).toBe(false);
  });

  it("a class list: the seats of its own sessions only", () => {
    const week = seatsWatch([
      { id: "3", location: { id: "12" } },
      { id: "4", location: { id: "14" } },
    ]);
    expect(week.locationIds).toEqual(["12", "14"]);
    const seats = (class_session_id: string) =>
      ({ event: "seats", location_id: "14", class_session_id, seats_left: 2 }) as const;
    expect(concerns(week, seats("4"))).toBe(true);
    expect(concerns(week, seats("5"))).toBe(false);
    expect(
      concerns(week, {
        event: "free-times",
        location_id: "12",
        from: "2026-12-01T08:00:00Z",
        to: "2026-12-01T09:00:00Z",
      }),
    ).toBe(false);
  });

  it("anything, after a reset (changes were missed)", () => {
    expect(concerns(picker, { event: "reset" })).toBe(true);
  });
});
