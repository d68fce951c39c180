import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, parseLocalDate } from "./calendar.ts";
import { checkStart } from "./check-start.ts";
import { compareEmployeeIds } from "./employee-order.ts";
import { findSlots } from "./find-slots.ts";
import { formatZonedIso, localMomentAt } from "./local-time.ts";
import { alignedInstants, overlaps, referenceSlots, resourcesFree, workingTime } from "./testing/reference-slots.ts";
import type {
  DateException,
  EmployeeAvailability,
  InstantRange,
  ResourceUnit,
  Slot,
  SlotQuery,
  TimeOfDayInterval,
  WeeklyInterval,
  Weekday,
} from "./types.ts";

// Random locations around clock changes (Lord Howe moves by 30 minutes; Santiago at midnight), random hours,
// breaks, exceptions, time off, busy intervals, resources, durations, buffers and steps.

const MINUTE = 60_000;
const DAY = 86_400_000;
const ZONES = [
  "Europe/Sofia",
  "Europe/Berlin",
  "Europe/Istanbul",
  "UTC",
  "America/New_York",
  "Asia/Kathmandu",
  "Australia/Lord_Howe",
  "America/Santiago",
];
// Days of clock changes in those zones (and their eves), and an ordinary one.
const DATES = [
  "2026-03-28",
  "2026-03-29",
  "2026-10-24",
  "2026-10-25",
  "2027-03-28",
  "2027-10-31",
  "2026-03-08",
  "2026-11-01",
  "2026-04-04",
  "2026-04-05",
  "2026-09-06",
  "2026-10-04",
  "2026-12-01",
];

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** A wall-clock interval on a 5-minute grid from `minLength` to `maxLength` steps, cut at 24:00. */
const interval = (minLength: number, maxLength: number): fc.Arbitrary<TimeOfDayInterval> =>
  fc
    .tuple(fc.integer({ min: 0, max: 287 }), fc.integer({ min: minLength, max: maxLength }))
    .map(([start, length]) => ({ start: hhmm(start * 5), end: hhmm(Math.min(288, start + length) * 5) }));

const weekday = fc.integer({ min: 1, max: 7 }) as fc.Arbitrary<Weekday>;
const ALL_DAY: WeeklyInterval[] = [1, 2, 3, 4, 5, 6, 7].map((day) => ({
  weekday: day as Weekday,
  start: "00:00",
  end: "24:00",
}));

/** Around the clock, or some long intervals every day plus a few on single weekdays. */
const weekly: fc.Arbitrary<WeeklyInterval[]> = fc.oneof(
  fc.constant(ALL_DAY),
  fc
    .tuple(
      fc.array(interval(12, 288), { minLength: 1, maxLength: 2 }),
      fc.array(fc.tuple(weekday, interval(1, 288)), { maxLength: 3 }),
    )
    .map(([daily, single]) => [
      ...daily.flatMap((item) => [1, 2, 3, 4, 5, 6, 7].map((day) => ({ weekday: day as Weekday, ...item }))),
      ...single.map(([day, item]) => ({ weekday: day, ...item })),
    ]),
);

/** Short weekly breaks. */
const breaks: fc.Arbitrary<WeeklyInterval[]> = fc
  .array(fc.tuple(weekday, interval(1, 24)), { maxLength: 3 })
  .map((items) => items.map(([day, item]) => ({ weekday: day, ...item })));

const exceptions = (dates: string[]): fc.Arbitrary<DateException[]> =>
  fc
    .uniqueArray(fc.constantFrom(...dates), { maxLength: 2 })
    .chain((chosen) =>
      fc.tuple(
        ...chosen.map((date) => fc.array(interval(1, 288), { maxLength: 2 }).map((intervals) => ({ date, intervals }))),
      ),
    );

/** Ranges on a 5-minute grid in the window (touching ones likely), some empty. */
const ranges = (windowStart: number, maxLength: number): fc.Arbitrary<InstantRange[]> =>
  fc
    .array(fc.tuple(fc.integer({ min: 0, max: 5 * 288 }), fc.integer({ min: 0, max: 60 })), { maxLength })
    .map((items) =>
      items.map(([at, length]) => ({
        start: windowStart + at * 5 * MINUTE,
        end: windowStart + (at + length) * 5 * MINUTE,
      })),
    );

const queries: fc.Arbitrary<SlotQuery> = fc
  .record({
    timeZone: fc.constantFrom(...ZONES),
    dateFrom: fc.constantFrom(...DATES),
    days: fc.integer({ min: 0, max: 2 }),
  })
  .chain(({ timeZone, dateFrom, days }) => {
    const dateTo = addDays(dateFrom, days);
    const dates = [addDays(dateFrom, -1), dateFrom, dateTo, addDays(dateTo, 1)];
    const windowStart = ((parseLocalDate(dateFrom) as number) - 1) * DAY;
    const employee = (id: string): fc.Arbitrary<EmployeeAvailability> =>
      fc.record({
        id: fc.constant(id),
        shifts: weekly,
        breaks,
        exceptions: exceptions(dates),
        timeOff: ranges(windowStart, 1),
        busy: ranges(windowStart, 8),
      });
    const unit = (id: string): fc.Arbitrary<ResourceUnit> =>
      fc.record({ id: fc.constant(id), kind: fc.constantFrom("room", "chair"), busy: ranges(windowStart, 4) });
    return fc.record({
      dateFrom: fc.constant(dateFrom),
      dateTo: fc.constant(dateTo),
      // From the day before the range into its first day.
      now: fc.integer({ min: windowStart, max: windowStart + 1.5 * DAY }),
      rules: fc.record({
        leadTimeMinutes: fc.integer({ min: 0, max: 300 }),
        horizonDays: fc.integer({ min: 1, max: 4 }),
        stepMinutes: fc.constantFrom(5, 7, 10, 15, 20, 25, 30, 45, 60, 90),
      }),
      location: fc.record({
        timeZone: fc.constant(timeZone),
        hours: weekly,
        exceptions: exceptions(dates),
        resources: fc
          .uniqueArray(fc.constantFrom("r1", "r2", "r3", "r4"), { minLength: 1, maxLength: 4 })
          .chain((ids) => fc.tuple(...ids.map(unit))),
      }),
      service: fc.record({
        durationMinutes: fc.integer({ min: 1, max: 240 }),
        bufferBeforeMinutes: fc.integer({ min: 0, max: 45 }),
        bufferAfterMinutes: fc.integer({ min: 0, max: 45 }),
        resourceNeeds: fc.oneof(
          fc.constant([]),
          fc.array(
            fc.record({
              kind: fc.constantFrom("room", "room", "room", "chair", "chair", "sauna"),
              quantity: fc.integer({ min: 0, max: 2 }),
            }),
            { minLength: 1, maxLength: 2 },
          ),
        ),
      }),
      employees: fc
        .uniqueArray(fc.constantFrom("1", "2", "10", "a"), { minLength: 1, maxLength: 3 })
        .chain((ids) => fc.tuple(...ids.map(employee))),
    });
  });

const byStart = (slots: Slot[]) => new Map(slots.map((slot) => [slot.start, slot.employeeIds]));

/** Every slot of `fewer` is a slot of `more`, with a subset of its employees. */
function expectSubset(fewer: Slot[], more: Slot[]) {
  const bigger = byStart(more);
  for (const slot of fewer) {
    expect(slot.employeeIds.every((id) => bigger.get(slot.start)?.includes(id))).toBe(true);
  }
}

const withoutBusy = (query: SlotQuery): SlotQuery => ({
  ...query,
  employees: query.employees.map((employee) => ({ ...employee, busy: [] })),
  location: { ...query.location, resources: query.location.resources.map((unit) => ({ ...unit, busy: [] })) },
});

// Each property takes one to two seconds alone; the timeout leaves room for a busy machine.
describe("findSlots properties", () => {
  it("never lists a start that breaks a rule", () => {
    fc.assert(
      fc.property(queries, (query) => {
        const { service, rules, now } = query;
        const step = rules.stepMinutes ?? 15;
        const works = new Map(query.employees.map((employee) => [employee, workingTime(query, employee)]));
        for (const slot of findSlots(query)) {
          const from = slot.start - service.bufferBeforeMinutes * MINUTE;
          const to = slot.end + service.bufferAfterMinutes * MINUTE;
          const local = localMomentAt(slot.start, query.location.timeZone);
          expect(slot.end - slot.start).toBe(service.durationMinutes * MINUTE);
          expect(slot.start % MINUTE === 0 && local.minuteOfDay % step === 0).toBe(true);
          expect(local.date >= query.dateFrom && local.date <= query.dateTo).toBe(true);
          expect(slot.start >= now + rules.leadTimeMinutes * MINUTE).toBe(true);
          expect(slot.start <= now + rules.horizonDays * DAY).toBe(true);
          expect(resourcesFree(query, from, to)).toBe(true);
          expect(slot.employeeIds.length).toBeGreaterThan(0);
          expect([...slot.employeeIds].sort(compareEmployeeIds)).toEqual(slot.employeeIds);
          for (const id of slot.employeeIds) {
            const employee = query.employees.find((item) => item.id === id) as EmployeeAvailability;
            expect(overlaps(employee.busy, from, to)).toBe(false);
            expect(works.get(employee)?.(slot.start, slot.end)).toBe(true);
          }
          expect(slot.startsAt).toBe(formatZonedIso(slot.start, query.location.timeZone));
          expect(slot.endsAt).toBe(formatZonedIso(slot.end, query.location.timeZone));
        }
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it("lists exactly the starts a literal reading of the rules finds", () => {
    fc.assert(
      fc.property(queries, (query) => {
        const expected = [...referenceSlots(query)].map(([start, ids]) => [start, ids.sort(compareEmployeeIds)]);
        expect(findSlots(query).map((slot) => [slot.start, slot.employeeIds])).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it("never gains a slot or an employee when a busy interval is added", () => {
    const added = queries.chain((query) =>
      fc.record({
        query: fc.constant(query),
        target: fc.integer({ min: 0, max: query.employees.length + query.location.resources.length - 1 }),
        busy: ranges(((parseLocalDate(query.dateFrom) as number) - 1) * DAY, 1).filter((items) => items.length === 1),
      }),
    );
    fc.assert(
      fc.property(added, ({ query, target, busy }) => {
        const employees = query.employees.map((employee, i) =>
          i === target ? { ...employee, busy: [...employee.busy, ...busy] } : employee,
        );
        const resources = query.location.resources.map((unit, i) =>
          i + query.employees.length === target ? { ...unit, busy: [...unit.busy, ...busy] } : unit,
        );
        const busier = { ...query, employees, location: { ...query.location, resources } };
        expectSubset(findSlots(busier), findSlots(query));
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it("never loses a slot or an employee when a busy interval is removed", () => {
    const removed = queries
      .filter((query) => query.employees.some((employee) => employee.busy.length > 0))
      .chain((query) => {
        const holders = query.employees.flatMap((employee, i) => (employee.busy.length > 0 ? [i] : []));
        return fc.record({ query: fc.constant(query), holder: fc.constantFrom(...holders), index: fc.nat(7) });
      });
    fc.assert(
      fc.property(removed, ({ query, holder, index }) => {
        const employees = query.employees.map((employee, i) =>
          i === holder
            ? { ...employee, busy: employee.busy.filter((_, j) => j !== index % employee.busy.length) }
            : employee,
        );
        expectSubset(findSlots(query), findSlots({ ...query, employees }));
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it("agrees with checkStart: free exactly at the listed starts, taken where only busy time stands in the way", () => {
    fc.assert(
      fc.property(queries, fc.integer({ min: 1, max: MINUTE - 1 }), (query, jitter) => {
        const slots = byStart(findSlots(query));
        const idle = byStart(findSlots(withoutBusy(query)));
        const aligned = alignedInstants(query);
        // Every aligned instant would take long: a spread of them, the slots and the idle slots, some off the grid.
        const sample = [
          ...aligned.filter((_, i) => i % Math.ceil(aligned.length / 30) === 0),
          ...[...slots.keys()].slice(0, 20),
          ...[...idle.keys()].slice(0, 20),
          ...aligned.slice(0, 5).map((start) => start + jitter),
        ];
        const { now, rules } = query;
        for (const start of sample) {
          for (const employeeId of [null, ...query.employees.map((employee) => employee.id)]) {
            const chosen = (ids: string[] | undefined) =>
              employeeId === null ? ids : ids?.filter((id) => id === employeeId);
            const free = chosen(slots.get(start)) ?? [];
            const result = checkStart(query, start, employeeId);
            if (free.length > 0) expect(result).toEqual({ kind: "free", employeeIds: free });
            else if ((chosen(idle.get(start)) ?? []).length > 0) expect(result).toEqual({ kind: "taken" });
            else expect(result.kind).toBe("invalid");
            if (result.kind !== "invalid") continue;
            const expectedReason =
              start < now
                ? "past"
                : start < now + rules.leadTimeMinutes * MINUTE
                  ? "lead_time"
                  : start > now + rules.horizonDays * DAY
                    ? "beyond_horizon"
                    : start % MINUTE !== 0
                      ? "not_aligned"
                      : undefined;
            if (expectedReason !== undefined) expect(result.reason).toBe(expectedReason);
            else expect(["outside_hours", "missing_resources"]).toContain(result.reason);
          }
        }
      }),
      { numRuns: 60 },
    );
  }, 60_000);
});
