import { DAY_MS, formatLocalDate, MINUTE_MS, parseLocalDate, parseLocalTime, weekdayOfDay } from "./calendar.ts";
import type { LocalDate, LocalTime, Weekday } from "./types.ts";
import { buildZoneTimeline, formatWithOffset, wallToEpochMs, zoneOffsetMs } from "./zone-timeline.ts";

// Zone-aware helpers shared by the API and the web app (calendar.ts has the zone-free ones: dates, weekdays). Each
// call asks the runtime's zone database (Intl) a few times; the slot engine converts many times at once through a
// ZoneTimeline instead.

/**
 * The instant (epoch ms) of a local date and "HH:MM" wall-clock time in an IANA zone; "24:00" is the next day's
 * 00:00. A time that does not exist (skipped when clocks go forward) is moved forward by the gap: Sofia's 03:30 on
 * 2026-03-29 is 04:30+03:00. A time that happens twice (clocks go back) is the earlier instant: Sofia's 03:30 on
 * 2026-10-25 is 03:30+03:00. This is Temporal's "compatible" disambiguation. Throws RangeError on a malformed
 * date or time or an unknown zone.
 */
export function zonedTimeToEpochMs(date: LocalDate, time: LocalTime, timeZone: string): number {
  const days = parseLocalDate(date);
  if (days === undefined) throw new RangeError(`Not a YYYY-MM-DD calendar date: ${JSON.stringify(date)}`);
  const minutes = parseLocalTime(time);
  if (minutes === undefined) throw new RangeError(`Not an HH:MM time: ${JSON.stringify(time)}`);
  const wallMs = days * DAY_MS + minutes * MINUTE_MS;
  return wallToEpochMs(buildZoneTimeline(timeZone, wallMs - 2 * DAY_MS, wallMs + 2 * DAY_MS), wallMs);
}

/**
 * An instant in ISO 8601 with the zone's offset in force at that instant, to the second:
 * "2026-12-01T10:00:00+02:00"; "+00:00" (not "Z") for UTC.
 */
export function formatZonedIso(epochMs: number, timeZone: string): string {
  return formatWithOffset(epochMs, zoneOffsetMs(timeZone, epochMs));
}

/** Where an instant falls on the local calendar and clock of a zone. */
export interface LocalMoment {
  date: LocalDate;
  weekday: Weekday;
  /** "HH:MM", seconds dropped. */
  time: LocalTime;
  /** Minutes since local midnight, 0 to 1439 (seconds dropped). */
  minuteOfDay: number;
}

/** The local date, weekday and time of an instant in an IANA zone. */
export function localMomentAt(epochMs: number, timeZone: string): LocalMoment {
  const wallMs = epochMs + zoneOffsetMs(timeZone, epochMs);
  const days = Math.floor(wallMs / DAY_MS);
  const minuteOfDay = Math.floor((wallMs - days * DAY_MS) / MINUTE_MS);
  const pad = (value: number) => String(value).padStart(2, "0");
  return {
    date: formatLocalDate(days),
    weekday: weekdayOfDay(days),
    time: `${pad(Math.floor(minuteOfDay / 60))}:${pad(minuteOfDay % 60)}`,
    minuteOfDay,
  };
}
