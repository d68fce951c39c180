import type { LocalDate, LocalTime, Weekday } from "./types.ts";

// Calendar arithmetic without a time zone: a local date is a day number (days since 1970-01-01), a wall-clock
// time a count of minutes since midnight. Plain integer arithmetic, so no Date quirks (years below 100).

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The date of a day number (Howard Hinnant's civil_from_days). */
function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const month = mp < 10 ? mp + 3 : mp - 9;
  return {
    year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0),
    month,
    day: dayOfYear - Math.floor((153 * mp + 2) / 5) + 1,
  };
}

/** The day number of a "YYYY-MM-DD" real calendar date, or undefined when it is not one (2026-02-30). */
export function parseLocalDate(value: string): number | undefined {
  const match = DATE_PATTERN.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return undefined;
  const days = daysFromCivil(year, month, day);
  return civilFromDays(days).day === day ? days : undefined;
}

/** "00" to "99": two-digit fields without padStart, for the thousands of times a slot list writes. */
export const TWO_DIGITS = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, "0"));

/** The "YYYY-MM-DD" of a day number. */
export function formatLocalDate(days: number): LocalDate {
  const { year, month, day } = civilFromDays(days);
  return `${String(year).padStart(4, "0")}-${TWO_DIGITS[month]}-${TWO_DIGITS[day]}`;
}

/** Minutes since midnight of an "HH:MM" time (1440 for "24:00"), or undefined when it is not one. */
export function parseLocalTime(value: string): number | undefined {
  // By character codes rather than a regular expression: the engine reads hundreds of these per request.
  if (value.length !== 5 || value.charCodeAt(2) !== 58) return undefined;
  const digit = (index: number) => {
    const code = value.charCodeAt(index) - 48;
    return code >= 0 && code <= 9 ? code : NaN;
  };
  const hours = digit(0) * 10 + digit(1);
  const minutes = digit(3) * 10 + digit(4);
  if (!(hours <= 23 && minutes <= 59) && !(hours === 24 && minutes === 0)) return undefined;
  return hours * 60 + minutes;
}

/** The ISO weekday (1 Monday ... 7 Sunday) of a day number; day 0, 1970-01-01, was a Thursday. */
export function weekdayOfDay(days: number): Weekday {
  return (((((days + 3) % 7) + 7) % 7) + 1) as Weekday;
}

/** Whether a value is a real calendar date written YYYY-MM-DD, years 0001 to 9999 (2026-02-30 is not). */
export function isLocalDate(value: string): value is LocalDate {
  return parseLocalDate(value) !== undefined;
}

/** Whether a value is a wall-clock time written HH:MM, 00:00 to 23:59, or 24:00 (the end of a day). */
export function isLocalTime(value: string): value is LocalTime {
  return parseLocalTime(value) !== undefined;
}

function requireDate(date: string): number {
  const days = parseLocalDate(date);
  if (days === undefined) throw new RangeError(`Not a YYYY-MM-DD calendar date: ${JSON.stringify(date)}`);
  return days;
}

/** The date `days` days after `date` (before it when negative): addDays("2026-12-31", 1) is "2027-01-01". */
export function addDays(date: LocalDate, days: number): LocalDate {
  if (!Number.isInteger(days)) throw new RangeError(`Not a whole number of days: ${days}`);
  return formatLocalDate(requireDate(date) + days);
}

/** The ISO weekday (1 Monday ... 7 Sunday) of a "YYYY-MM-DD" date. */
export function weekdayOf(date: LocalDate): Weekday {
  return weekdayOfDay(requireDate(date));
}
