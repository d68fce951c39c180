import { DAY_MS, formatLocalDate } from "./calendar.ts";
import type { LocalDate } from "./types.ts";

/** How far ahead a "free on" search may look: a year, past any booking horizon worth searching. */
export const FREE_ON_MAX_DAYS_AHEAD = 366;

/** Local dates run from UTC-12 to UTC+14: at any instant, "today" somewhere lies between these two offsets. */
const EARLIEST_OFFSET_MS = -12 * 3_600_000;
const LATEST_OFFSET_MS = 14 * 3_600_000;

/**
 * The dates a "free on" search may ask about at an instant: from the earliest date that is still today somewhere on
 * Earth to FREE_ON_MAX_DAYS_AHEAD days after the latest. Each place reads the date on its own clock; past its own
 * today, lead time or booking horizon it simply has no free time.
 */
export function freeOnDateRange(now: number): { earliest: LocalDate; latest: LocalDate } {
  return {
    earliest: formatLocalDate(Math.floor((now + EARLIEST_OFFSET_MS) / DAY_MS)),
    latest: formatLocalDate(Math.floor((now + LATEST_OFFSET_MS) / DAY_MS) + FREE_ON_MAX_DAYS_AHEAD),
  };
}
