import { PARTS_OF_DAY, partOfDayOfStart, type PartOfDay } from "@termin/domain/booking/part-of-day";

export type { PartOfDay };

/** The translation keys of the parts' names ("Morning"), for the picker's groups and the search's filter. */
export const PART_OF_DAY_NAMES = {
  morning: "booking.morning",
  afternoon: "booking.afternoon",
  evening: "booking.evening",
} as const satisfies Record<PartOfDay, string>;

/**
 * Morning before 12:00, afternoon until 17:00, evening from 17:00: by the clock at the location. The domain's
 * definition, which the search's "free on" filter uses too.
 */
export const partOfDay: (startsAt: string) => PartOfDay = partOfDayOfStart;

/** Slots grouped by part of the day, each group in time order; empty parts are left out. */
export function groupByPartOfDay<T extends { startsAt: string }>(
  slots: readonly T[],
): Array<{ part: PartOfDay; slots: T[] }> {
  const sorted = [...slots].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  return PARTS_OF_DAY.map((part) => ({
    part,
    slots: sorted.filter((slot) => partOfDay(slot.startsAt) === part),
  })).filter((group) => group.slots.length > 0);
}
