import { freeForClient } from "@termin/domain/booking/client-time";

/** A span written as the API and the basket write it, with offsets: "2026-12-04T07:00:00+02:00". */
export interface TimeSpan {
  startsAt: string;
  endsAt: string;
}

const asRange = (time: TimeSpan) => ({ start: Date.parse(time.startsAt), end: Date.parse(time.endsAt) });

/** Whether a time overlaps any of `taken` (touching is not overlapping). */
export const overlapsAny = (time: TimeSpan, taken: readonly TimeSpan[]) =>
  freeForClient([asRange(time)], taken.map(asRange)).length === 0;

/**
 * The free times that overlap none of `taken` (the basket's entries): one person is in one place at a time, so a
 * visitor's basket, which holds nothing yet, never offers a second service at the time of the first.
 */
export function outsideTimes<T extends TimeSpan>(times: readonly T[], taken: readonly TimeSpan[]): T[] {
  return taken.length === 0 ? [...times] : times.filter((time) => !overlapsAny(time, taken));
}
