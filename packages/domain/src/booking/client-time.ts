import type { InstantRange } from "./types.ts";

/**
 * The slots the client could take themselves: those whose own time [start, end) overlaps none of the client's
 * busy ranges (their appointments and holds elsewhere, a request's other services). Touching is not overlapping: a
 * next service may start when the previous one ends.
 */
export function freeForClient<T extends InstantRange>(slots: readonly T[], busy: readonly InstantRange[]): T[] {
  if (busy.length === 0) return [...slots];
  return slots.filter((slot) => !busy.some((range) => range.start < slot.end && slot.start < range.end));
}
