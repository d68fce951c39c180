/** The oldest age a birthdate may give: anything older is a typing mistake. */
export const MAX_AGE_YEARS = 120;

/** Today's date as YYYY-MM-DD in UTC (birthdates are calendar dates, without a time zone). */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The earliest birthdate accepted on `today` (YYYY-MM-DD): exactly MAX_AGE_YEARS years before. */
export function earliestBirthdate(today: string): string {
  const year = Number(today.slice(0, 4)) - MAX_AGE_YEARS;
  return `${String(year).padStart(4, "0")}${today.slice(4)}`;
}

export type BirthdateProblem = "invalid_date" | "in_future" | "too_old";

/**
 * Why a birthdate (YYYY-MM-DD) cannot be right, or null when it can: a real calendar date (no 31 April),
 * before today, and at most 120 years ago. YYYY-MM-DD strings compare in date order.
 */
export function birthdateProblem(value: string, today: string): BirthdateProblem | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return "invalid_date";
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return "invalid_date";
  }
  if (value >= today) return "in_future";
  if (value < earliestBirthdate(today)) return "too_old";
  return null;
}
