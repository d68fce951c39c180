import { localTimeOf } from "./local-dates.ts";

export type PartOfDay = "morning" | "afternoon" | "evening";

export const PARTS_OF_DAY: readonly PartOfDay[] = ["morning", "afternoon", "evening"];

/** Morning before 12:00, afternoon until 17:00, evening from 17:00: by the clock at the location. */
export function partOfDay(startsAt: string): PartOfDay {
  const hour = Number(localTimeOf(startsAt).slice(0, 2));
  if (hour < 12) return "morning";
  return hour < 17 ? "afternoon" : "evening";
}

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
