import { addDays, isIsoDate, isoWeekday, weekStart } from "./local-dates.ts";

/** The calendar shows two weeks at a time, Monday first. */
export const WINDOW_DAYS = 14;

export interface CalendarDay {
  date: string;
  /** ISO weekday, 1 Monday. */
  weekday: number;
  /** Bookable at all: not past, not beyond the business's horizon. */
  inRange: boolean;
  /** Has at least one free time. */
  free: boolean;
}

export interface CalendarWindow {
  start: string;
  end: string;
  /** The dates to ask the API about (null when the whole window is out of range). */
  query: { dateFrom: string; dateTo: string } | null;
  /** `from` of the previous and next windows, null at the ends. */
  previous: string | null;
  next: string | null;
}

/**
 * The two weeks shown, from the week holding `from` (a date the visitor moved to) or today's week, kept
 * between today and the last bookable day (`lastDay`, the business's booking horizon).
 */
export function calendarWindow(today: string, lastDay: string, from: string | null): CalendarWindow {
  const first = weekStart(today);
  const wanted = from && isIsoDate(from) && from >= first && from <= lastDay ? weekStart(from) : first;
  const end = addDays(wanted, WINDOW_DAYS - 1);
  const dateFrom = wanted < today ? today : wanted;
  const dateTo = end > lastDay ? lastDay : end;
  const previousStart = addDays(wanted, -WINDOW_DAYS);
  return {
    start: wanted,
    end,
    query: dateFrom <= dateTo ? { dateFrom, dateTo } : null,
    previous: wanted > first ? (previousStart < first ? first : previousStart) : null,
    next: end < lastDay ? addDays(end, 1) : null,
  };
}

/** Each day of the window, marked bookable and free. */
export function calendarDays(
  window: CalendarWindow,
  today: string,
  lastDay: string,
  freeDates: ReadonlySet<string>,
): CalendarDay[] {
  const days: CalendarDay[] = [];
  for (let date = window.start; date <= window.end; date = addDays(date, 1)) {
    const inRange = date >= today && date <= lastDay;
    days.push({ date, weekday: isoWeekday(date), inRange, free: inRange && freeDates.has(date) });
  }
  return days;
}
