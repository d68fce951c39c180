import type { OpeningSpan } from "../catalogue/opening-hours.ts";
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

/**
 * Whether the place is open at `at` (an instant written with the place's offset, as the basket keeps it), so a
 * service could start there: "right after" a visit that ends at closing time has nothing to offer.
 */
export function openAt(hours: readonly OpeningSpan[], at: string): boolean {
  const date = at.slice(0, 10);
  const time = at.slice(11, 16);
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay() || 7;
  return hours.some((each) => each.weekday === weekday && each.opensAt <= time && time < each.closesAt);
}
