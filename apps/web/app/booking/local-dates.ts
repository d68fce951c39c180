/**
 * Calendar dates ("2026-12-01") and wall-clock times of a location, read from the API's ISO times. The API
 * writes every slot and appointment time with the location's own offset ("2026-12-01T10:00:00+02:00"), so the
 * date and time there are the string's first parts: no time-zone data is needed (browsers that format with the
 * FormatJS polyfill have none), and server and browser read the same.
 */

const DAY_MS = 86_400_000;

/** "2026-12-01" of "2026-12-01T10:00:00+02:00": the day at the location. */
export function localDateOf(iso: string): string {
  return iso.slice(0, 10);
}

/** "10:00" of "2026-12-01T10:00:00+02:00": the time at the location. */
export function localTimeOf(iso: string): string {
  return iso.slice(11, 16);
}

/** Whether a value is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** ISO weekday of a date: 1 Monday ... 7 Sunday. */
export function isoWeekday(date: string): number {
  return ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

/** The Monday of a date's week. */
export function weekStart(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
}

/** Today's date in a time zone (server side, where Node has every zone's data). */
export function todayIn(timeZone: string, now: Date): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** Two ISO times name the same instant (offsets may be written differently). */
export function sameInstant(a: string, b: string): boolean {
  return Date.parse(a) === Date.parse(b);
}

/** The offset an ISO time is written with: "+02:00" ("Z" counts as "+00:00"). */
export function offsetOf(iso: string): string {
  const match = /([+-]\d{2}:\d{2}|Z)$/.exec(iso);
  return !match || match[1] === "Z" ? "+00:00" : (match[1] as string);
}

/** An instant written at a given offset: 1764576000000 at "+02:00" -> "2025-12-01T10:00:00+02:00". */
export function atOffset(ms: number, offset: string): string {
  const sign = offset.startsWith("-") ? -1 : 1;
  const minutes = sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
  return `${new Date(ms + minutes * 60_000).toISOString().slice(0, 19)}${offset}`;
}

/**
 * The times of an appointment's services moved so that the first starts at `newFirstStart`, the others keeping
 * their distance from it, written at the new start's offset (the services of one visit share a day).
 */
export function shiftTimes(starts: readonly string[], newFirstStart: string): string[] {
  const first = starts[0];
  if (first === undefined) return [];
  const delta = Date.parse(newFirstStart) - Date.parse(first);
  const offset = offsetOf(newFirstStart);
  return starts.map((start, index) => (index === 0 ? newFirstStart : atOffset(Date.parse(start) + delta, offset)));
}
