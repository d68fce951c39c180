import { describe, expect, it } from "vitest";
import { outsideTimes, overlapsAny } from "./basket-times.ts";

const time = (from: string, to: string) => ({
  startsAt: `2026-12-04T${from}:00+02:00`,
  endsAt: `2026-12-04T${to}:00+02:00`,
});

describe("outsideTimes", () => {
  it("drops the times overlapping a basket entry and keeps the one starting when it ends", () => {
    const basket = [time("07:00", "08:15")];
    const free = [time("07:00", "08:00"), time("07:45", "08:45"), time("08:15", "09:15"), time("09:00", "10:00")];
    expect(outsideTimes(free, basket)).toEqual([time("08:15", "09:15"), time("09:00", "10:00")]);
  });

  it("reads instants, not wall clocks: an entry written in UTC blocks the same moment", () => {
    const entry = { startsAt: "2026-12-04T05:00:00Z", endsAt: "2026-12-04T06:00:00Z" };
    expect(overlapsAny(time("07:30", "08:30"), [entry])).toBe(true);
    expect(overlapsAny(time("08:00", "09:00"), [entry])).toBe(false);
    expect(outsideTimes([time("07:30", "08:30")], [])).toEqual([time("07:30", "08:30")]);
  });
});
