import rrulePackage from "rrule";
import { DAY_MS, formatLocalDate, isLocalDate, parseLocalDate } from "../booking/calendar.ts";
import { localMomentAt, zonedTimeToEpochMs } from "../booking/local-time.ts";
import type { LocalDate, LocalTime } from "../booking/types.ts";

// rrule ships CommonJS only: its named exports are read from the default export (Node's ESM interop).
const { RRule } = rrulePackage;

/** What a class schedule says about when it runs (class_schedules). */
export interface ClassRecurrence {
  /** An RFC 5545 RRULE without DTSTART, e.g. "FREQ=WEEKLY;BYDAY=MO,WE". */
  rrule: string;
  /** The local start time at the location, "HH:MM" (seconds, as PostgreSQL's time gives them, are dropped). */
  startTime: LocalTime;
  /** The first local date the recurrence may fall on; it counts from here (INTERVAL=2 is every other week from it). */
  validFrom: LocalDate;
  /** The last local date it may fall on, or null. */
  validUntil: LocalDate | null;
  /** The location's IANA zone: every occurrence starts at startTime on its clock, summer or winter. */
  timeZone: string;
}

/** One occurrence called off (movedTo null) or moved to another instant (epoch ms). */
export interface ClassException {
  occurrenceDate: LocalDate;
  movedTo: number | null;
}

export interface ClassOccurrence {
  /** The local date the recurrence gives it: the session's key, also when moved. */
  occurrenceDate: LocalDate;
  /** Epoch ms of its start: the local start time on that date, or where an exception moved it. */
  start: number;
  moved: boolean;
}

/**
 * The occurrences of a class schedule whose recurrence dates fall between two local dates (both included), soonest
 * first, without those called off and with moved ones at their new instant.
 *
 * The recurrence is expanded on a floating calendar (rrule sees dates at midnight UTC, never a zone), and only then
 * is each date's local start time turned into an instant in the location's zone: so a weekly 18:00 class stays at
 * 18:00 on the local clock across both clock changes, which rrule's own TZID handling gets wrong around them. A
 * start in the hour skipped in spring moves forward by the gap (as zonedTimeToEpochMs does everywhere).
 */
export function classOccurrences(
  recurrence: ClassRecurrence,
  dateFrom: LocalDate,
  dateTo: LocalDate,
  exceptions: readonly ClassException[] = [],
): ClassOccurrence[] {
  const startTime = recurrence.startTime.slice(0, 5);
  const first = laterOf(dateFrom, recurrence.validFrom);
  const last = recurrence.validUntil === null ? dateTo : earlierOf(dateTo, recurrence.validUntil);
  if (first > last) return [];
  const rule = new RRule({
    ...ruleOptions(recurrence.rrule),
    dtstart: floating(recurrence.validFrom),
  });
  const dates = rule.between(floating(first), floating(last), true).map((date) => floatingDate(date));
  const byDate = new Map(exceptions.map((exception) => [exception.occurrenceDate, exception]));
  return dates
    .flatMap((occurrenceDate): ClassOccurrence[] => {
      const exception = byDate.get(occurrenceDate);
      if (exception === undefined) {
        return [
          {
            occurrenceDate,
            start: zonedTimeToEpochMs(occurrenceDate, startTime, recurrence.timeZone),
            moved: false,
          },
        ];
      }
      return exception.movedTo === null ? [] : [{ occurrenceDate, start: exception.movedTo, moved: true }];
    })
    .sort((a, b) => a.start - b.start);
}

/** Whether an RRULE string is one this module can expand (a RangeError says why not). */
export function checkClassRule(rrule: string): void {
  new RRule(ruleOptions(rrule)).all((_, index) => index < 1);
}

function ruleOptions(rrule: string) {
  const text = rrule.trim().replace(/^RRULE:/i, "");
  if (/DTSTART|TZID/i.test(text)) {
    throw new RangeError("The schedule's RRULE carries no DTSTART or TZID: its start and zone are the schedule's own.");
  }
  const options = RRule.parseString(text);
  if (options.freq === undefined) throw new RangeError(`Not an RRULE with a FREQ: ${JSON.stringify(rrule)}`);
  return options;
}

/** A local date as rrule's floating instant: that date at midnight UTC. */
function floating(date: LocalDate): Date {
  const days = parseLocalDate(date);
  if (days === undefined || !isLocalDate(date)) throw new RangeError(`Not a YYYY-MM-DD date: ${JSON.stringify(date)}`);
  return new Date(days * DAY_MS);
}

const floatingDate = (instant: Date): LocalDate => formatLocalDate(Math.floor(instant.getTime() / DAY_MS));
const laterOf = (a: LocalDate, b: LocalDate) => (a > b ? a : b);
const earlierOf = (a: LocalDate, b: LocalDate) => (a < b ? a : b);

/** A location's day that is not as every week (schedule_exceptions of no employee): closed, or other hours. */
export interface LocationDay {
  date: LocalDate;
  /** "HH:MM" (or with seconds); both null: closed all day. */
  opensAt: string | null;
  closesAt: string | null;
}

/**
 * Whether a session runs on its day: not on a day the location is closed, and on a day of other hours only when
 * it fits them. Read on the location's clock.
 */
export function runsOnLocationDay(
  days: readonly LocationDay[],
  session: { start: number; end: number },
  timeZone: string,
): boolean {
  const from = localMomentAt(session.start, timeZone);
  const day = days.find((each) => each.date === from.date);
  if (day === undefined) return true;
  if (day.opensAt === null || day.closesAt === null) return false;
  const to = localMomentAt(session.end, timeZone);
  return from.time >= day.opensAt.slice(0, 5) && (to.date > from.date ? "24:00" : to.time) <= day.closesAt.slice(0, 5);
}
