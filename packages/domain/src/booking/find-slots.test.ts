import { describe, expect, it } from "vitest";
import { findSlots } from "./find-slots.ts";
import {
  createTestLocation,
  everyDay,
  instant,
  localTimes,
  onDate,
  onWeekdays,
  queryFor,
  range,
  slotsOf,
  timesFrom,
} from "./testing/scenario.ts";

// 2026-12-01 is a Tuesday; Sofia is at +02:00 in December.
const DAY = "2026-12-01";
const at = (time: string) => instant(`${DAY}T${time}+02:00`);

describe("findSlots", () => {
  it("keeps starts clear of a break and of an appointment with its buffer", () => {
    const slots = slotsOf(
      {
        hours: everyDay("09:00-17:00"),
        service: { durationMinutes: 45, bufferAfterMinutes: 15 },
        employees: [
          // The 10:00 appointment of the same service, stored with its buffer: 10:00-11:00.
          { id: "1", breaks: everyDay("12:00-13:00"), busy: [{ start: at("10:00"), end: at("11:00") }] },
        ],
      },
      DAY,
    );
    // 09:00's buffer ends as the appointment starts (touching); 11:15 ends at the break; 16:15 ends at closing
    // (the buffer after may run past it).
    expect(localTimes(slots)).toEqual(["09:00", "11:00", "11:15", ...timesFrom("13:00", "16:15")]);
    expect(slots[0]).toEqual({
      start: at("09:00"),
      end: at("09:45"),
      startsAt: "2026-12-01T09:00:00+02:00",
      endsAt: "2026-12-01T09:45:00+02:00",
      employeeIds: ["1"],
    });
  });

  it("offers the end of the client's own service as a start off the grid, where the next service fits", () => {
    const input = createTestLocation({
      hours: everyDay("09:00-12:00"),
      service: { durationMinutes: 30 },
      // Busy 09:00-10:40 with the client's own 100-minute service; 11:30-12:00 taken by someone.
      employees: [
        {
          id: "1",
          busy: [
            { start: at("09:00"), end: at("10:40") },
            { start: at("11:30"), end: at("12:00") },
          ],
        },
      ],
    });
    const query = { ...queryFor(input, DAY), backToBackStarts: [at("10:40"), at("11:10"), at("10:40")] };
    // 10:40 follows back to back; 11:10 would run into the 11:30 appointment.
    expect(localTimes(findSlots(query))).toEqual(["10:40", "10:45", "11:00"]);
    expect(localTimes(findSlots(queryFor(input, DAY)))).toEqual(["10:45", "11:00"]);
  });

  it("applies the buffer before to existing appointments", () => {
    const slots = slotsOf(
      {
        hours: everyDay("09:00-12:00"),
        service: { durationMinutes: 30, bufferBeforeMinutes: 15 },
        employees: [{ id: "1", busy: [{ start: at("10:00"), end: at("11:00") }] }],
      },
      DAY,
    );
    // 09:30 ends at 10:00 (touching); 09:45 would end inside; 11:00 would have its buffer at 10:45.
    expect(localTimes(slots)).toEqual(["09:00", "09:15", "09:30", "11:15", "11:30"]);
  });

  it("lists every free employee once per start, ids in numeric order", () => {
    const slots = slotsOf(
      {
        hours: everyDay("09:00-11:00"),
        employees: [
          { id: "10", busy: [{ start: at("09:00"), end: at("10:00") }] },
          { id: "9", shifts: everyDay("09:30-11:00") },
          { id: "2", timeOff: [{ start: at("10:00"), end: instant("2026-12-20T00:00+02:00") }] },
        ],
      },
      DAY,
    );
    expect(slots.map((slot) => [slot.startsAt.slice(11, 16), slot.employeeIds])).toEqual([
      ["09:00", ["2"]],
      // 09:15: "2" would run into the time off, "9" starts at 09:30, "10" is busy.
      ["09:30", ["9"]],
      ["09:45", ["9"]],
      ["10:00", ["9", "10"]],
    ]);
  });

  it("starts at now + lead time at the earliest and at now + horizon at the latest", () => {
    const input = createTestLocation({
      hours: everyDay("09:00-12:00"),
      now: "2026-12-01T09:20+02:00",
      rules: { leadTimeMinutes: 60, horizonDays: 1 },
    });
    const slots = findSlots(queryFor(input, DAY, "2026-12-03"));
    expect(slots.map((slot) => slot.startsAt.slice(0, 16))).toEqual([
      ...timesFrom("10:30", "11:00").map((time) => `2026-12-01T${time}`),
      // The horizon ends tomorrow at 09:20: 09:15 is the last start.
      ...timesFrom("09:00", "09:15").map((time) => `2026-12-02T${time}`),
    ]);
  });

  it("aligns starts to the local minute of the day, a multiple of the step", () => {
    const times = (stepMinutes: number) =>
      localTimes(
        slotsOf({ hours: everyDay("09:00-11:00"), rules: { stepMinutes }, service: { durationMinutes: 30 } }, DAY),
      );
    expect(times(20)).toEqual(["09:00", "09:20", "09:40", "10:00", "10:20"]);
    // 25 does not divide the hour: 09:10 is minute 550 of the day, 22 steps of 25.
    expect(times(25)).toEqual(["09:10", "09:35", "10:00", "10:25"]);
  });

  it("follows the opening hours' exceptions: a holiday closes, special hours replace the weekly ones", () => {
    const options = {
      hours: everyDay("09:00-11:00"),
      exceptions: [onDate("2026-12-01"), onDate("2026-12-02", "14:00-15:30", "16:00-17:00")],
      employees: [{ id: "1", shifts: everyDay("00:00-24:00") }],
    };
    expect(slotsOf(options, "2026-12-01")).toEqual([]);
    expect(localTimes(slotsOf(options, "2026-12-02"))).toEqual(["14:00", "14:15", "14:30", "16:00"]);
    expect(localTimes(slotsOf(options, "2026-12-03"))).toEqual(timesFrom("09:00", "10:00"));
  });

  it("intersects an employee's shifts, or that date's exception, with the opening hours", () => {
    const slots = (date: string) =>
      localTimes(
        slotsOf(
          {
            hours: everyDay("09:00-13:00"),
            employees: [
              {
                id: "1",
                shifts: onWeekdays([2, 3, 4], "11:00-18:00"),
                exceptions: [onDate("2026-12-02"), onDate("2026-12-03", "08:00-10:30")],
                breaks: everyDay("10:00-10:15"),
              },
            ],
          },
          date,
        ),
      );
    expect(slots("2026-12-01")).toEqual(["11:00", "11:15", "11:30", "11:45", "12:00"]);
    expect(slots("2026-12-02")).toEqual([]);
    // The weekly break applies on an exception date too: 09:00-10:00 is the only hour that fits.
    expect(slots("2026-12-03")).toEqual(["09:00"]);
    // Saturday: no shift.
    expect(slots("2026-12-05")).toEqual([]);
  });

  it("needs enough free units of each kind of resource for the buffered time", () => {
    const roomBusy = [{ start: at("10:00"), end: at("11:00") }];
    const options = (quantity: number, bufferAfterMinutes = 15) => ({
      hours: everyDay("09:00-12:00"),
      service: { resourceNeeds: [{ kind: "room", quantity }], bufferAfterMinutes },
      employees: [{ id: "1" }, { id: "2" }],
      resources: [
        { id: "r1", kind: "room", busy: roomBusy },
        { id: "r2", kind: "room" },
        { id: "c1", kind: "chair", busy: [range("2026-12-01T09:00+02:00", "2026-12-01T12:00+02:00")] },
      ],
    });
    expect(localTimes(slotsOf(options(1), DAY))).toEqual(timesFrom("09:00", "11:00"));
    // Both rooms: not while room 1 is busy, buffer included (09:00 with its buffer ends at 10:15).
    expect(localTimes(slotsOf(options(2), DAY))).toEqual(["11:00"]);
    expect(localTimes(slotsOf(options(2, 0), DAY))).toEqual(["09:00", "11:00"]);
    expect(slotsOf(options(3), DAY)).toEqual([]);
    // Two needs of one kind add up.
    const base = options(1);
    const needs = (...resourceNeeds: { kind: string; quantity: number }[]) => ({ ...base, service: { resourceNeeds } });
    expect(localTimes(slotsOf(needs({ kind: "room", quantity: 1 }, { kind: "room", quantity: 1 }), DAY))).toEqual([
      "09:00",
      "11:00",
    ]);
    // A kind the location does not have; a kind whose only unit is busy all day; a need of none.
    expect(slotsOf(needs({ kind: "sauna", quantity: 1 }), DAY)).toEqual([]);
    expect(slotsOf(needs({ kind: "chair", quantity: 1 }), DAY)).toEqual([]);
    expect(localTimes(slotsOf(needs({ kind: "chair", quantity: 0 }), DAY))).toEqual(timesFrom("09:00", "11:00"));
  });

  it("lets a service cross midnight when working time continues into the next day", () => {
    const options = {
      hours: everyDay("00:00-24:00"),
      service: { durationMinutes: 60 },
      employees: [{ id: "1", shifts: [...onWeekdays([2], "22:00-24:00"), ...onWeekdays([3], "00:00-01:30")] }],
    };
    expect(localTimes(slotsOf(options, "2026-12-01", "2026-12-02"))).toEqual([
      ...timesFrom("22:00", "23:45"),
      ...timesFrom("00:00", "00:30"),
    ]);
    // The range is dates of the start: the service may end on the next day.
    expect(localTimes(slotsOf(options, "2026-12-01"))).toEqual(timesFrom("22:00", "23:45"));
  });

  it("rejects input that breaks its rules", () => {
    const input = createTestLocation({ hours: everyDay("09:00-17:00") });
    expect(() => findSlots(queryFor(input, "2026-02-30"))).toThrow(RangeError);
    expect(() => findSlots(queryFor(input, "2026-12-02", "2026-12-01"))).toThrow(/before dateFrom/);
    const zone = { ...input, location: { ...input.location, timeZone: "Europe/Atlantis" } };
    expect(() => findSlots(queryFor(zone, DAY))).toThrow(/Unknown time zone/);
    const night = createTestLocation({ hours: everyDay("22:00-06:00") });
    expect(() => findSlots(queryFor(night, DAY))).toThrow(/location.hours\[0\]: 22:00-06:00 does not end/);
    const late = createTestLocation({ hours: everyDay("09:00-25:00") });
    expect(() => findSlots(queryFor(late, DAY))).toThrow(/location.hours\[0\].end/);
    const twice = createTestLocation({ hours: everyDay("09:00-17:00"), employees: [{ id: "1" }, { id: "1" }] });
    expect(() => findSlots(queryFor(twice, DAY))).toThrow(/employees\[1\].id/);
    const step = createTestLocation({ hours: everyDay("09:00-17:00"), rules: { stepMinutes: 0 } });
    expect(() => findSlots(queryFor(step, DAY))).toThrow(/stepMinutes/);
  });
});
