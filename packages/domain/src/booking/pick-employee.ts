import { DAY_MS, parseLocalDate } from "./calendar.ts";
import { compareEmployeeIds } from "./employee-order.ts";
import { intersectSpans, spansOf, type Spans } from "./spans.ts";
import type { SlotQuery } from "./types.ts";
import { buildZoneTimeline, offsetAt, wallToEpochMs } from "./zone-timeline.ts";

/** How much an employee is booked: on the local day of the start being booked, and over the whole range shown. */
export interface EmployeeWorkload {
  dayMinutes: number;
  rangeMinutes: number;
}

/**
 * Who gets a booking made for "any employee", spreading work evenly: among the free employees, the one with the
 * fewest booked minutes on that local day, then the fewest booked minutes over the whole range, then the lowest id
 * by compareEmployeeIds (numeric ids by value, "9" before "10"). An employee missing from `workload` has booked
 * nothing. Undefined when nobody is free.
 */
export function pickEmployee(
  freeIds: readonly string[],
  workload: ReadonlyMap<string, EmployeeWorkload>,
): string | undefined {
  let best: string | undefined;
  let bestLoad = { dayMinutes: 0, rangeMinutes: 0 };
  for (const id of freeIds) {
    const load = workload.get(id) ?? { dayMinutes: 0, rangeMinutes: 0 };
    const better =
      best === undefined ||
      (load.dayMinutes !== bestLoad.dayMinutes
        ? load.dayMinutes < bestLoad.dayMinutes
        : load.rangeMinutes !== bestLoad.rangeMinutes
          ? load.rangeMinutes < bestLoad.rangeMinutes
          : compareEmployeeIds(id, best) < 0);
    if (better) {
      best = id;
      bestLoad = load;
    }
  }
  return best;
}

function minutesIn(busy: Spans, span: Spans): number {
  const within = intersectSpans(busy, span);
  let total = 0;
  for (let i = 0; i < within.length; i += 2) total += (within[i + 1] as number) - (within[i] as number);
  return total / 60_000;
}

/**
 * Each employee's workload for pickEmployee, from the query's busy intervals (appointments and holds with their
 * buffers; overlapping ones counted once): minutes within the local day of `start`, and within the local dates
 * dateFrom to dateTo.
 */
export function measureWorkload(
  query: Pick<SlotQuery, "location" | "dateFrom" | "dateTo" | "employees">,
  start: number,
): Map<string, EmployeeWorkload> {
  const firstDay = parseLocalDate(query.dateFrom);
  const lastDay = parseLocalDate(query.dateTo);
  if (firstDay === undefined || lastDay === undefined || lastDay < firstDay) {
    throw new RangeError(`Not a range of dates: ${query.dateFrom} to ${query.dateTo}`);
  }
  const from = Math.min(firstDay * DAY_MS, start) - 2 * DAY_MS;
  const to = Math.max((lastDay + 1) * DAY_MS, start) + 2 * DAY_MS;
  const timeline = buildZoneTimeline(query.location.timeZone, from, to);
  const daySpan = (first: number, last: number): Spans => [
    wallToEpochMs(timeline, first * DAY_MS),
    wallToEpochMs(timeline, (last + 1) * DAY_MS),
  ];
  const startDay = Math.floor((start + offsetAt(timeline, start)) / DAY_MS);
  const day = daySpan(startDay, startDay);
  const range = daySpan(firstDay, lastDay);
  const workload = new Map<string, EmployeeWorkload>();
  for (const employee of query.employees) {
    const busy = spansOf(employee.busy);
    workload.set(employee.id, { dayMinutes: minutesIn(busy, day), rangeMinutes: minutesIn(busy, range) });
  }
  return workload;
}
