import { describe, expect, it } from "vitest";
import { addDays } from "./calendar.ts";
import { everyDay, localTimes, onWeekdays, slotsOf, timesFrom } from "./testing/scenario.ts";
import type { Slot } from "./types.ts";

// The clock changes of 2026 and 2027 (last Sundays of March and October, at 01:00 UTC in the EU zones).
interface Change {
  date: string;
  kind: "forward" | "back";
}
const CHANGES: Change[] = [
  { date: "2026-03-29", kind: "forward" },
  { date: "2026-10-25", kind: "back" },
  { date: "2027-03-28", kind: "forward" },
  { date: "2027-10-31", kind: "back" },
];

interface Zone {
  timeZone: string;
  /** Offsets in winter and summer. */
  winter: string;
  summer: string;
  /** The local hour skipped in spring and repeated in autumn ("03" for 03:00-03:59). */
  changeHour?: string;
}
const ZONES: Zone[] = [
  { timeZone: "Europe/Sofia", winter: "+02:00", summer: "+03:00", changeHour: "03" },
  { timeZone: "Europe/Skopje", winter: "+01:00", summer: "+02:00", changeHour: "02" },
  { timeZone: "Europe/Berlin", winter: "+01:00", summer: "+02:00", changeHour: "02" },
  { timeZone: "Europe/Istanbul", winter: "+03:00", summer: "+03:00" },
  { timeZone: "Europe/Moscow", winter: "+03:00", summer: "+03:00" },
];

const offsetsBeforeAfter = (zone: Zone, change: Change) =>
  change.kind === "forward" ? [zone.winter, zone.summer] : [zone.summer, zone.winter];

/** Minutes between consecutive starts. */
const gaps = (slots: Slot[]) => slots.slice(1).map((slot, i) => (slot.start - (slots[i] as Slot).start) / 60_000);

describe.each(ZONES)("slots in $timeZone", (zone) => {
  describe.each(CHANGES)("on $date (clocks $kind)", (change) => {
    const { date } = change;
    const [before, after] = offsetsBeforeAfter(zone, change);
    const hasDst = zone.changeHour !== undefined;
    // The day lasts 23 hours when clocks go forward, 25 when they go back.
    const dayHours = !hasDst ? 24 : change.kind === "forward" ? 23 : 25;

    it("fills a 24-hour shift with a slot every 15 minutes of real time", () => {
      // Open around the clock; the employee works that Sunday only, so the last hour-long service starts at 23:00.
      const slots = slotsOf(
        {
          timeZone: zone.timeZone,
          hours: everyDay("00:00-24:00"),
          employees: [{ id: "1", shifts: onWeekdays([7], "00:00-24:00") }],
        },
        date,
      );
      expect(slots).toHaveLength((dayHours - 1) * 4 + 1);
      expect(slots[0]?.startsAt).toBe(`${date}T00:00:00${before}`);
      expect(slots.at(-1)?.startsAt).toBe(`${date}T23:00:00${after}`);
      expect(slots.at(-1)?.endsAt).toBe(`${addDays(date, 1)}T00:00:00${after}`);
      expect(new Set(gaps(slots))).toEqual(new Set([15]));
      expect(slots.every((slot) => slot.end - slot.start === 3_600_000)).toBe(true);

      const inChangeHour = slots.filter((slot) => slot.startsAt.slice(11, 13) === zone.changeHour);
      if (!hasDst) {
        expect(new Set(slots.map((slot) => slot.startsAt.slice(19)))).toEqual(new Set([before]));
      } else if (change.kind === "forward") {
        expect(inChangeHour).toEqual([]);
        // The hour before the gap, then the hour after it, 15 minutes apart in real time.
        const beforeGap = `${String(Number(zone.changeHour) - 1).padStart(2, "0")}:45`;
        const afterGap = `${String(Number(zone.changeHour) + 1).padStart(2, "0")}:00`;
        const index = slots.findIndex((slot) => slot.startsAt === `${date}T${beforeGap}:00${before}`);
        expect(slots[index + 1]?.startsAt).toBe(`${date}T${afterGap}:00${after}`);
      } else {
        // Both instants of each repeated wall time, each once, the earlier (summer offset) first.
        const times = timesFrom(`${zone.changeHour}:00`, `${zone.changeHour}:45`);
        expect(inChangeHour.map((slot) => slot.startsAt)).toEqual([
          ...times.map((time) => `${date}T${time}:00${before}`),
          ...times.map((time) => `${date}T${time}:00${after}`),
        ]);
      }
    });

    it("gives a night shift across the change its real length", () => {
      // Saturday 22:00 to Sunday 06:00: 7, 8 or 9 hours; half-hour services every 15 minutes.
      const saturday = addDays(date, -1);
      const slots = slotsOf(
        {
          timeZone: zone.timeZone,
          hours: everyDay("00:00-24:00"),
          service: { durationMinutes: 30 },
          employees: [{ id: "1", shifts: [...onWeekdays([6], "22:00-24:00"), ...onWeekdays([7], "00:00-06:00")] }],
        },
        saturday,
        date,
      );
      const nightHours = !hasDst ? 8 : change.kind === "forward" ? 7 : 9;
      expect(slots).toHaveLength((nightHours * 60 - 30) / 15 + 1);
      expect(slots[0]?.startsAt).toBe(`${saturday}T22:00:00${before}`);
      expect(slots.at(-1)?.startsAt).toBe(`${date}T05:30:00${after}`);
      expect(new Set(gaps(slots))).toEqual(new Set([15]));
    });

    it("keeps ordinary hours at the same local times, with the new offset", () => {
      const options = { timeZone: zone.timeZone, hours: everyDay("09:00-17:00") };
      const onSaturday = slotsOf(options, addDays(date, -1));
      const onSunday = slotsOf(options, date);
      expect(localTimes(onSaturday)).toEqual(timesFrom("09:00", "16:00"));
      expect(localTimes(onSunday)).toEqual(timesFrom("09:00", "16:00"));
      expect(new Set(onSaturday.map((slot) => slot.startsAt.slice(19)))).toEqual(new Set([before]));
      expect(new Set(onSunday.map((slot) => slot.endsAt.slice(19)))).toEqual(new Set([after]));
      // A real day apart minus or plus the hour the clocks moved.
      const shiftHours = !hasDst ? 0 : change.kind === "forward" ? -1 : 1;
      expect((onSunday[0] as Slot).start - (onSaturday[0] as Slot).start).toBe((24 + shiftHours) * 3_600_000);
    });
  });
});

describe("a service running across a clock change", () => {
  it("ends at the real end, written with the offset in force then", () => {
    const slots = slotsOf(
      { hours: everyDay("00:00-24:00"), service: { durationMinutes: 60 }, employees: [{ id: "1" }] },
      "2026-03-29",
    );
    const slot = slots.find((item) => item.startsAt === "2026-03-29T02:30:00+02:00");
    expect(slot?.endsAt).toBe("2026-03-29T04:30:00+03:00");
    const back = slotsOf({ hours: everyDay("00:00-24:00"), employees: [{ id: "1" }] }, "2026-10-25");
    expect(back.find((item) => item.startsAt === "2026-10-25T03:30:00+03:00")?.endsAt).toBe(
      "2026-10-25T03:30:00+02:00",
    );
  });
});
