import { findSlots } from "./find-slots.ts";
import { PART_OF_DAY_HOURS, partOfDayOfStart, type PartOfDay } from "./part-of-day.ts";
import type { AvailabilityInput, LocalDate } from "./types.ts";

/**
 * Whether a place has a free time on a local date, in one part of that day or in any: the slot engine's slots of
 * each service in turn (the cheapest to check first is the caller's choice), stopping at the first service with
 * a start in the part. `services` are the engine's inputs for one location, one per service.
 */
export function isFreeOn(services: Iterable<AvailabilityInput>, date: LocalDate, part?: PartOfDay): boolean {
  for (const input of services) {
    if (input.employees.length === 0) continue;
    const slots = findSlots({ ...input, dateFrom: date, dateTo: date });
    if (part === undefined ? slots.length > 0 : slots.some((slot) => partOfDayOfStart(slot.startsAt) === part))
      return true;
  }
  return false;
}

/** The wall-clock window "HH:MM" [from, to) a part of the day covers; the whole day without one. */
export function windowOf(part: PartOfDay | undefined): { from: string; to: string } {
  return part === undefined ? { from: "00:00", to: "24:00" } : PART_OF_DAY_HOURS[part];
}
