import { compareEmployeeIds } from "./employee-order.ts";
import { DAY_MS, MINUTE_MS, parseLocalDate, parseLocalTime, weekdayOfDay } from "./calendar.ts";
import { intersectSpans, normalizeSpans, spansOf, subtractSpans, type Spans } from "./spans.ts";
import type { AvailabilityInput, DateException, TimeOfDayInterval, WeeklyInterval } from "./types.ts";
import { DEFAULT_STEP_MINUTES } from "./validate-input.ts";
import { buildZoneTimeline, wallToEpochMs, type ZoneTimeline } from "./zone-timeline.ts";

/** An employee reduced to instants: when the service may run, and when its buffered time may not. */
export interface PreparedEmployee {
  id: string;
  /** (Shifts or that date's exception) within the location's hours, less breaks and time off. */
  work: Spans;
  busy: Spans;
}

/** A needed kind of resource: how many units, and each unit's busy spans. */
export interface PreparedNeed {
  quantity: number;
  units: Spans[];
}

/** The input in instants over local days firstDay to lastDay plus the days a service may run into. */
export interface Availability {
  timeline: ZoneTimeline;
  durationMs: number;
  beforeMs: number;
  afterMs: number;
  stepMinutes: number;
  /** Earliest and latest allowed start (lead time, horizon). */
  earliestStart: number;
  latestStart: number;
  open: Spans;
  /** Sorted by compareEmployeeIds. */
  employees: PreparedEmployee[];
  needs: PreparedNeed[];
  /** Some needed kind has fewer units than needed: no start can ever be booked. */
  missingResources: boolean;
}

/** Wall-clock intervals as [startMinute, endMinute, ...] per ISO weekday (index 1-7) and per exception date. */
interface Schedule {
  weekly: number[][];
  exceptions: Map<number, number[]>;
}

function minutesOf(intervals: readonly TimeOfDayInterval[], into: number[] = []): number[] {
  for (const { start, end } of intervals) into.push(parseLocalTime(start) as number, parseLocalTime(end) as number);
  return into;
}

function scheduleOf(weekly: readonly WeeklyInterval[], exceptions: readonly DateException[]): Schedule {
  const byWeekday: number[][] = Array.from({ length: 8 }, () => []);
  for (const interval of weekly) minutesOf([interval], byWeekday[interval.weekday]);
  const byDate = new Map<number, number[]>();
  for (const exception of exceptions)
    byDate.set(parseLocalDate(exception.date) as number, minutesOf(exception.intervals));
  return { weekly: byWeekday, exceptions: byDate };
}

/**
 * The instants of a schedule over local days. Each interval is converted on its own day (a 00:00-24:00 shift lasts
 * 23 hours on a spring-forward day and 25 on a fall-back day); adjacent days' intervals merge, so working time
 * may continue past midnight.
 */
function scheduleSpans(schedule: Schedule, timeline: ZoneTimeline, firstDay: number, lastDay: number): Spans {
  const pairs: number[] = [];
  for (let day = firstDay; day <= lastDay; day += 1) {
    const minutes = schedule.exceptions.get(day) ?? (schedule.weekly[weekdayOfDay(day)] as number[]);
    const midnight = day * DAY_MS;
    for (let i = 0; i < minutes.length; i += 2) {
      pairs.push(
        wallToEpochMs(timeline, midnight + (minutes[i] as number) * MINUTE_MS),
        wallToEpochMs(timeline, midnight + (minutes[i + 1] as number) * MINUTE_MS),
      );
    }
  }
  return normalizeSpans(pairs);
}

/**
 * The input, already validated, in instants for slots starting on local days firstDay to lastDay (day numbers).
 * Working time is computed up to the days a service starting on lastDay may run into.
 */
export function prepareAvailability(input: AvailabilityInput, firstDay: number, lastDay: number): Availability {
  const { service, rules, location } = input;
  const durationMs = service.durationMinutes * MINUTE_MS;
  // A service may run past midnight into later days (a DST change moves a day by at most an hour or so).
  const throughDay = lastDay + Math.ceil(service.durationMinutes / 1440) + 1;
  const timeline = buildZoneTimeline(location.timeZone, (firstDay - 2) * DAY_MS, (throughDay + 3) * DAY_MS);
  const open = scheduleSpans(scheduleOf(location.hours, location.exceptions), timeline, firstDay, throughDay);

  const employees = input.employees
    .map((employee): PreparedEmployee => {
      const shifts = scheduleSpans(scheduleOf(employee.shifts, employee.exceptions), timeline, firstDay, throughDay);
      const breaks = scheduleSpans(scheduleOf(employee.breaks, []), timeline, firstDay, throughDay);
      const work = subtractSpans(subtractSpans(intersectSpans(shifts, open), breaks), spansOf(employee.timeOff));
      return { id: employee.id, work, busy: spansOf(employee.busy) };
    })
    .sort((a, b) => compareEmployeeIds(a.id, b.id));

  // Needs of the same kind add up; a need of 0 units is no need.
  const quantities = new Map<string, number>();
  for (const need of service.resourceNeeds) {
    if (need.quantity > 0) quantities.set(need.kind, (quantities.get(need.kind) ?? 0) + need.quantity);
  }
  const needs = [...quantities].map(([kind, quantity]) => ({
    quantity,
    units: location.resources.filter((unit) => unit.kind === kind).map((unit) => spansOf(unit.busy)),
  }));

  return {
    timeline,
    durationMs,
    beforeMs: service.bufferBeforeMinutes * MINUTE_MS,
    afterMs: service.bufferAfterMinutes * MINUTE_MS,
    stepMinutes: rules.stepMinutes ?? DEFAULT_STEP_MINUTES,
    earliestStart: input.now + rules.leadTimeMinutes * MINUTE_MS,
    latestStart: input.now + rules.horizonDays * DAY_MS,
    open,
    employees,
    needs,
    missingResources: needs.some((need) => need.units.length < need.quantity),
  };
}
