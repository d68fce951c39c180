import type { LocalTime } from "./types.ts";

/**
 * Parts of the day a client picks a time by: the booking picker groups free times by them, and the search's
 * "free on" filter keeps places free in one. Read from the slot's start on the location's clock.
 */
export type PartOfDay = "morning" | "afternoon" | "evening";

export const PARTS_OF_DAY: readonly PartOfDay[] = ["morning", "afternoon", "evening"];

/**
 * The starts each part holds, as local wall-clock times [from, to): morning before 12:00, afternoon 12:00 to
 * 17:00, evening from 17:00 to midnight. The one definition for the API and the web app.
 */
export const PART_OF_DAY_HOURS: Readonly<Record<PartOfDay, { from: LocalTime; to: LocalTime }>> = {
  morning: { from: "00:00", to: "12:00" },
  afternoon: { from: "12:00", to: "17:00" },
  evening: { from: "17:00", to: "24:00" },
};

export function isPartOfDay(value: unknown): value is PartOfDay {
  return typeof value === "string" && (PARTS_OF_DAY as readonly string[]).includes(value);
}

/** The part of the day of a local wall-clock time "HH:MM" (zero-padded, so it compares as text). */
export function partOfDayAt(time: LocalTime): PartOfDay {
  return PARTS_OF_DAY.find((part) => time < PART_OF_DAY_HOURS[part].to) ?? "evening";
}

/**
 * The part of the day of a start written with the location's own offset ("2026-12-01T10:00:00+02:00"): the
 * clock there is the string's time part, so no time-zone data is needed.
 */
export function partOfDayOfStart(startsAt: string): PartOfDay {
  return partOfDayAt(startsAt.slice(11, 16));
}
