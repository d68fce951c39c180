import { findSlots } from "../find-slots.ts";
import type {
  AvailabilityInput,
  BookingRules,
  DateException,
  InstantRange,
  Slot,
  SlotQuery,
  ServiceRequirements,
  WeeklyInterval,
  Weekday,
} from "../types.ts";

// Scenario builder for slot tests: "open 09:00-17:00 in Europe/Sofia, one employee with a 12:00-13:00 break,
// a 45-minute service, one appointment at 10:00" in a few lines, with instants written as ISO text with offsets
// (so the expectations do not depend on the code under test).

/** An instant from ISO 8601 text with an offset or Z: "2026-12-01T10:00+02:00". */
export function instant(iso: string): number {
  if (!/(Z|[+-]\d\d:\d\d)$/.test(iso)) throw new Error(`Give the offset of ${iso}`);
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new Error(`Not an instant: ${iso}`);
  return ms;
}

/** A range between two ISO instants. */
export function range(start: string, end: string): InstantRange {
  return { start: instant(start), end: instant(end) };
}

/** Weekly intervals on the given weekdays from "HH:MM-HH:MM" texts. */
export function onWeekdays(weekdays: readonly Weekday[], ...spans: string[]): WeeklyInterval[] {
  return weekdays.flatMap((weekday) =>
    spans.map((span) => {
      const [start = "", end = ""] = span.split("-");
      return { weekday, start, end };
    }),
  );
}

/** Weekly intervals on all seven days: everyDay("09:00-12:00", "13:00-17:00"). */
export function everyDay(...spans: string[]): WeeklyInterval[] {
  return onWeekdays([1, 2, 3, 4, 5, 6, 7], ...spans);
}

/** A date's own hours ("HH:MM-HH:MM" texts), or closed / a day off when none are given. */
export function onDate(date: string, ...spans: string[]): DateException {
  return {
    date,
    intervals: spans.map((span) => {
      const [start = "", end = ""] = span.split("-");
      return { start, end };
    }),
  };
}

export interface TestEmployee {
  id: string;
  /** Default: the location's hours. */
  shifts?: readonly WeeklyInterval[];
  breaks?: readonly WeeklyInterval[];
  exceptions?: readonly DateException[];
  timeOff?: readonly InstantRange[];
  busy?: readonly InstantRange[];
}

export interface TestLocation {
  timeZone?: string;
  /** ISO instant; default 2026-01-01T00:00Z, before every date the tests use. */
  now?: string;
  hours: readonly WeeklyInterval[];
  exceptions?: readonly DateException[];
  /** Default: no lead time, a 1000-day horizon, 15-minute step. */
  rules?: Partial<BookingRules>;
  /** Default: 60 minutes, no buffers, no resources. */
  service?: Partial<ServiceRequirements>;
  /** Default: one employee "1" working the location's hours. */
  employees?: readonly TestEmployee[];
  resources?: readonly { id: string; kind: string; busy?: readonly InstantRange[] }[];
}

/** The engine's input for a test location. */
export function createTestLocation(options: TestLocation): AvailabilityInput {
  return {
    now: instant(options.now ?? "2026-01-01T00:00Z"),
    rules: { leadTimeMinutes: 0, horizonDays: 1000, stepMinutes: 15, ...options.rules },
    location: {
      timeZone: options.timeZone ?? "Europe/Sofia",
      hours: options.hours,
      exceptions: options.exceptions ?? [],
      resources: (options.resources ?? []).map((unit) => ({ busy: [], ...unit })),
    },
    service: {
      durationMinutes: 60,
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 0,
      resourceNeeds: [],
      ...options.service,
    },
    employees: (options.employees ?? [{ id: "1" }]).map((employee) => ({
      shifts: options.hours,
      breaks: [],
      exceptions: [],
      timeOff: [],
      busy: [],
      ...employee,
    })),
  };
}

/** The query for the local dates dateFrom to dateTo (default: dateFrom only). */
export function queryFor(input: AvailabilityInput, dateFrom: string, dateTo = dateFrom): SlotQuery {
  return { ...input, dateFrom, dateTo };
}

/** The slots of a test location on the local dates dateFrom to dateTo. */
export function slotsOf(options: TestLocation, dateFrom: string, dateTo = dateFrom): Slot[] {
  return findSlots(queryFor(createTestLocation(options), dateFrom, dateTo));
}

/** "HH:MM" local start times of slots, read from their startsAt. */
export function localTimes(slots: readonly Slot[]): string[] {
  return slots.map((slot) => slot.startsAt.slice(11, 16));
}

/** "HH:MM" times from start to last (inclusive) every stepMinutes, for expected lists. */
export function timesFrom(start: string, last: string, stepMinutes = 15): string[] {
  const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const times: string[] = [];
  for (let minute = toMinutes(start); minute <= toMinutes(last); minute += stepMinutes) {
    times.push(`${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`);
  }
  return times;
}
