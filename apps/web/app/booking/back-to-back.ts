import { sameInstant } from "./local-dates.ts";
import type { BasketItem } from "./basket.ts";

/** Where a service booked back to back would start: when the basket's last service ends. */
export function backToBackStart(items: readonly BasketItem[]): string | null {
  let latest: string | null = null;
  for (const item of items) if (latest === null || Date.parse(item.endsAt) > Date.parse(latest)) latest = item.endsAt;
  return latest;
}

/**
 * Among free times, the one starting exactly when the previous service ends, with the employees free then
 * (any of them may take it); null when nobody is free at that moment.
 */
export function backToBackSlot<T extends { startsAt: string; employeeIds: readonly string[] }>(
  slots: readonly T[],
  previousEndsAt: string,
): T | null {
  return slots.find((slot) => sameInstant(slot.startsAt, previousEndsAt) && slot.employeeIds.length > 0) ?? null;
}

/**
 * What "right after" can offer: the time starting exactly when the previous service ends, else the first free
 * time after that on the same list (a later start, named as such), else nothing.
 */
export function backToBackOffer<T extends { startsAt: string; employeeIds: readonly string[] }>(
  slots: readonly T[],
  previousEndsAt: string,
): { time: T; exact: boolean } | null {
  const exact = backToBackSlot(slots, previousEndsAt);
  if (exact) return { time: exact, exact: true };
  const later = slots.find((slot) => Date.parse(slot.startsAt) > Date.parse(previousEndsAt) && slot.employeeIds.length);
  return later ? { time: later, exact: false } : null;
}
