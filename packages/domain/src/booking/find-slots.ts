import { prepareAvailability, type Availability, type PreparedNeed } from "./availability.ts";
import { DAY_MS, MINUTE_MS, parseLocalDate } from "./calendar.ts";
import type { Slot, SlotQuery } from "./types.ts";
import { assertValidInput } from "./validate-input.ts";
import { formatWithOffset, offsetAt } from "./zone-timeline.ts";

/**
 * The aligned starts of local days firstDay to lastDay between the earliest and latest allowed start, ascending.
 * Per constant-offset segment of the zone the aligned wall times map to evenly spaced instants: a repeated hour
 * gives its times once with each offset, a skipped hour gives none.
 */
function alignedStarts(availability: Availability, firstDay: number, lastDay: number): number[] {
  const { timeline, stepMinutes, earliestStart, latestStart } = availability;
  const stepMs = stepMinutes * MINUTE_MS;
  const perDay = Math.ceil(1440 / stepMinutes);
  const starts: number[] = [];
  for (let day = firstDay; day <= lastDay; day += 1) {
    for (let i = 0; i < timeline.starts.length; i += 1) {
      const segmentStart = Math.max(timeline.starts[i] as number, earliestStart);
      const segmentEnd = i + 1 < timeline.starts.length ? (timeline.starts[i + 1] as number) : Infinity;
      const base = day * DAY_MS - (timeline.offsets[i] as number);
      for (let k = Math.max(0, Math.ceil((segmentStart - base) / stepMs)); k < perDay; k += 1) {
        const start = base + k * stepMs;
        if (start >= segmentEnd || start > latestStart) break;
        starts.push(start);
      }
    }
  }
  // Ascending unless a zone falls back across midnight (the end of one day repeated after the next began).
  for (let c = 1; c < starts.length; c += 1) {
    if ((starts[c] as number) < (starts[c - 1] as number)) return starts.sort((a, b) => a - b);
  }
  return starts;
}

/**
 * The grid's starts with the client's back-to-back starts (query.backToBackStarts) among them: those on a local day
 * of the range, within the earliest and latest allowed start, and whole minutes. Ascending, each once.
 */
function withBackToBack(
  availability: Availability,
  query: SlotQuery,
  firstDay: number,
  lastDay: number,
  starts: number[],
) {
  const { timeline, earliestStart, latestStart } = availability;
  const extra = (query.backToBackStarts ?? []).filter((start) => {
    const day = Math.floor((start + offsetAt(timeline, start)) / DAY_MS);
    return (
      start % MINUTE_MS === 0 && start >= earliestStart && start <= latestStart && day >= firstDay && day <= lastDay
    );
  });
  if (extra.length === 0) return starts;
  return [...new Set([...starts, ...extra])].sort((a, b) => a - b);
}

/** The starts whose service fits the location's opening hours: only those can be anybody's slots. */
function withinOpening({ open, durationMs }: Availability, starts: number[]): number[] {
  const kept: number[] = [];
  let o = 0;
  for (const start of starts) {
    while (o < open.length && (open[o + 1] as number) < start + durationMs) o += 2;
    if (o >= open.length) break;
    if ((open[o] as number) <= start) kept.push(start);
  }
  return kept;
}

/** For each start, 1 when every needed kind has enough units free for the buffered interval. */
function resourcesFree(availability: Availability, starts: number[]): Uint8Array {
  const free = new Uint8Array(starts.length);
  if (availability.missingResources) return free;
  free.fill(1);
  for (const need of availability.needs) {
    const count = freeUnitCounts(availability, need, starts);
    for (let c = 0; c < starts.length; c += 1) if ((count[c] as number) < need.quantity) free[c] = 0;
  }
  return free;
}

/** For each start, how many units of a kind have no busy interval overlapping its buffered interval. */
function freeUnitCounts(availability: Availability, need: PreparedNeed, starts: number[]): Uint16Array {
  const { beforeMs, durationMs, afterMs } = availability;
  const count = new Uint16Array(starts.length);
  for (const busy of need.units) {
    let b = 0;
    for (let c = 0; c < starts.length; c += 1) {
      const start = starts[c] as number;
      while (b < busy.length && (busy[b + 1] as number) <= start - beforeMs) b += 2;
      if (b >= busy.length || (busy[b] as number) >= start + durationMs + afterMs) count[c] = (count[c] as number) + 1;
    }
  }
  return count;
}

/**
 * Bookable starts ("slots") of one service at one location on the local dates dateFrom to dateTo (inclusive), each
 * with every employee free for it. Pure: `now` is an input.
 *
 * A start s is a slot for employee e when all of these hold:
 * - s is on a local date in the range, at a local minute of the day that is a multiple of rules.stepMinutes
 *   (default 15; 09:00, 09:15...) or one of query.backToBackStarts, and
 *   now + leadTimeMinutes <= s <= now + horizonDays * 24 h.
 * - The service time [s, s + duration) lies inside e's working time: e's shifts (or e's exception for that date;
 *   none = day off) within the location's hours (or the location's exception for the date; none = closed), less
 *   e's breaks (weekly, also on exception dates) and time off. Each interval is read on its own local date, so a
 *   00:00-24:00 shift lasts 23 hours on a spring-forward day and 25 on a fall-back day; working time that goes on
 *   past midnight (22:00-24:00, then 00:00-06:00 the next day) is one stretch a service may cross.
 * - The buffered interval [s - bufferBefore, s + duration + bufferAfter) overlaps none of e's busy intervals
 *   (which already hold their own buffers). All intervals are half-open: touching is not overlapping.
 * - For each needed kind of resource, at least `quantity` units of that kind (each unit one row) have no busy
 *   interval overlapping the buffered interval. Needs of one kind add up; a need of 0 units is none.
 * - Buffers may lie outside working hours (cleaning up after closing); only the service time must lie inside.
 *
 * Wall times skipped when clocks go forward give no slot; wall times repeated when they go back give a slot for
 * each instant. Output: one slot per start time, sorted by start, with the employees free then, sorted by
 * compareEmployeeIds; starts with nobody free are left out. To filter by one employee, pass only that employee.
 *
 * The caller passes busy intervals and time off covering the range: from dateFrom 00:00 less bufferBefore to
 * dateTo 24:00 plus the duration and bufferAfter. Throws a RangeError for input breaking its types' rules
 * (a malformed date or time, an unknown zone, dateTo before dateFrom...).
 */
export function findSlots(query: SlotQuery): Slot[] {
  assertValidInput(query);
  const firstDay = parseLocalDate(query.dateFrom);
  const lastDay = parseLocalDate(query.dateTo);
  if (firstDay === undefined) throw new RangeError(`dateFrom: ${JSON.stringify(query.dateFrom)} is not a date`);
  if (lastDay === undefined) throw new RangeError(`dateTo: ${JSON.stringify(query.dateTo)} is not a date`);
  if (lastDay < firstDay) throw new RangeError(`dateTo ${query.dateTo} is before dateFrom ${query.dateFrom}`);

  const availability = prepareAvailability(query, firstDay, lastDay);
  const { durationMs, beforeMs, afterMs, timeline } = availability;
  const grid = alignedStarts(availability, firstDay, lastDay);
  const starts = withinOpening(availability, withBackToBack(availability, query, firstDay, lastDay, grid));
  const resourcesOk = resourcesFree(availability, starts);

  const free: (string[] | undefined)[] = new Array<string[] | undefined>(starts.length);
  for (const { id, work, busy } of availability.employees) {
    let w = 0;
    let b = 0;
    for (let c = 0; c < starts.length; c += 1) {
      if (resourcesOk[c] === 0) continue;
      const start = starts[c] as number;
      const end = start + durationMs;
      while (w < work.length && (work[w + 1] as number) < end) w += 2;
      if (w >= work.length) break;
      if ((work[w] as number) > start) continue;
      while (b < busy.length && (busy[b + 1] as number) <= start - beforeMs) b += 2;
      if (b < busy.length && (busy[b] as number) < end + afterMs) continue;
      (free[c] ??= []).push(id);
    }
  }

  const slots: Slot[] = [];
  for (let c = 0; c < starts.length; c += 1) {
    const employeeIds = free[c];
    if (employeeIds === undefined) continue;
    const start = starts[c] as number;
    const end = start + durationMs;
    slots.push({
      start,
      end,
      startsAt: formatWithOffset(start, offsetAt(timeline, start)),
      endsAt: formatWithOffset(end, offsetAt(timeline, end)),
      employeeIds,
    });
  }
  return slots;
}
