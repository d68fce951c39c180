import { addDays, parseLocalDate, weekdayOf } from "../calendar.ts";
import { localMomentAt, zonedTimeToEpochMs } from "../local-time.ts";
import type { DateException, EmployeeAvailability, InstantRange, SlotQuery, WeeklyInterval } from "../types.ts";

// A slow, literal reading of the slot rules for property tests: minute by minute in UTC, each local time asked of
// the zone database, each interval converted on its own with zonedTimeToEpochMs. It shares no code with the engine
// but those public helpers, which have their own tests.

const MINUTE = 60_000;

/** Whether any non-empty range shares an instant with [start, end). */
export const overlaps = (ranges: readonly InstantRange[], start: number, end: number) =>
  ranges.some((range) => range.end > range.start && range.start < end && start < range.end);

const inside = (ranges: readonly InstantRange[], instant: number) =>
  ranges.some((range) => range.start <= instant && instant < range.end);

const instants = new Map<string, number>();

/** zonedTimeToEpochMs, remembered: the same few wall times come back for every day and test case. */
function instantOf(date: string, time: string, timeZone: string): number {
  const key = `${timeZone} ${date} ${time}`;
  let instant = instants.get(key);
  if (instant === undefined) {
    instant = zonedTimeToEpochMs(date, time, timeZone);
    instants.set(key, instant);
  }
  return instant;
}

/** The local dates dateFrom - 1 to dateTo + 2: every day a service of up to 24 hours could touch. */
function datesAround(query: SlotQuery): string[] {
  const dates: string[] = [];
  for (let date = addDays(query.dateFrom, -1); date <= addDays(query.dateTo, 2); date = addDays(date, 1))
    dates.push(date);
  return dates;
}

/** The instants of weekly intervals (or a date's exception) over the dates, each interval on its own date. */
function instantsOf(
  query: SlotQuery,
  weekly: readonly WeeklyInterval[],
  exceptions: readonly DateException[],
): InstantRange[] {
  const zone = query.location.timeZone;
  return datesAround(query).flatMap((date) => {
    const intervals =
      exceptions.find((exception) => exception.date === date)?.intervals ??
      weekly.filter((interval) => interval.weekday === weekdayOf(date));
    return intervals.map((interval) => ({
      start: instantOf(date, interval.start, zone),
      end: instantOf(date, interval.end, zone),
    }));
  });
}

/** The working time of an employee as a membership test, with the instants where it may change. */
export function workingTime(query: SlotQuery, employee: EmployeeAvailability) {
  const open = instantsOf(query, query.location.hours, query.location.exceptions);
  const shifts = instantsOf(query, employee.shifts, employee.exceptions);
  const breaks = instantsOf(query, employee.breaks, []);
  const all = [...open, ...shifts, ...breaks, ...employee.timeOff];
  const edges = all.flatMap((range) => [range.start, range.end]);
  const works = (instant: number) =>
    inside(open, instant) && inside(shifts, instant) && !inside(breaks, instant) && !inside(employee.timeOff, instant);
  /** Whether every instant of [start, end) is working time: membership only changes at an edge. */
  return (start: number, end: number) =>
    works(start) && edges.every((edge) => edge <= start || edge >= end || works(edge));
}

/** Whether the location has enough free units of every needed kind for [start, end). */
export function resourcesFree(query: SlotQuery, start: number, end: number): boolean {
  const needed = new Map<string, number>();
  for (const need of query.service.resourceNeeds) needed.set(need.kind, (needed.get(need.kind) ?? 0) + need.quantity);
  return [...needed].every(
    ([kind, quantity]) =>
      query.location.resources.filter((unit) => unit.kind === kind && !overlaps(unit.busy, start, end)).length >=
      quantity,
  );
}

/** Every instant whose local date is in the range and whose local minute of the day is a multiple of the step. */
export function alignedInstants(query: SlotQuery): number[] {
  const step = query.rules.stepMinutes ?? 15;
  const first = (parseLocalDate(query.dateFrom) as number) * 86_400_000 - 16 * 3_600_000;
  const last = ((parseLocalDate(query.dateTo) as number) + 1) * 86_400_000 + 16 * 3_600_000;
  const instants: number[] = [];
  for (let instant = first; instant < last; instant += MINUTE) {
    const local = localMomentAt(instant, query.location.timeZone);
    if (local.date >= query.dateFrom && local.date <= query.dateTo && local.minuteOfDay % step === 0) {
      instants.push(instant);
    }
  }
  return instants;
}

/** The slots by the rules' letter: start → the free employees' ids (in input order). */
export function referenceSlots(query: SlotQuery): Map<number, string[]> {
  const { service, rules, now } = query;
  const duration = service.durationMinutes * MINUTE;
  const works = new Map(query.employees.map((employee) => [employee.id, workingTime(query, employee)]));
  const slots = new Map<number, string[]>();
  for (const start of alignedInstants(query)) {
    if (start < now + rules.leadTimeMinutes * MINUTE || start > now + rules.horizonDays * 86_400_000) continue;
    const from = start - service.bufferBeforeMinutes * MINUTE;
    const to = start + duration + service.bufferAfterMinutes * MINUTE;
    if (!resourcesFree(query, from, to)) continue;
    const free = query.employees
      .filter((employee) => works.get(employee.id)?.(start, start + duration) && !overlaps(employee.busy, from, to))
      .map((employee) => employee.id);
    if (free.length > 0) slots.set(start, free);
  }
  return slots;
}
