import { isPartOfDay, partOfDayOfStart, type PartOfDay } from "@termin/domain/booking/part-of-day";
import { addDays, isIsoDate, localDateOf, localTimeOf, weekStart } from "../booking/local-dates.ts";

/** One session as the classes view shows it. */
export interface ClassSessionView {
  id: string;
  startsAt: string;
  endsAt: string;
  capacity: number;
  seatsLeft: number;
  className: string;
  serviceId: string;
  servicePriceId: string;
  priceMinor: number | null;
  currency: string | null;
  durationMinutes: number | null;
  instructor: { id: string; name: string } | null;
  location: { id: string; slug: string; name: string } | null;
  /** "7:30 – 8:30 AM", written on the server (the browser's Intl may space a range otherwise: no hydration mismatch). */
  timeLabel: string;
}

export interface ClassWeekDay {
  date: string;
  sessions: ClassSessionView[];
}

/** What the address says about the view: the week (its Monday) and the filters. */
export interface ClassWeekQuery {
  week: string;
  classId: string | null;
  instructorId: string | null;
  partOfDay: PartOfDay | null;
}

const ID = /^\d{1,18}$/;

/** The view's state from the address: an unreadable value is as if absent (this week, no filter). */
export function readClassWeekQuery(params: URLSearchParams, today: string): ClassWeekQuery {
  const week = params.get("week");
  const part = params.get("part_of_day");
  const id = (name: string) => {
    const value = params.get(name);
    return value && ID.test(value) ? value : null;
  };
  return {
    week: week && isIsoDate(week) ? weekStart(week) : weekStart(today),
    classId: id("class"),
    instructorId: id("instructor"),
    partOfDay: isPartOfDay(part) ? part : null,
  };
}

/** The address of the view with some of its state changed (empty values left out, so links stay short). */
export function classWeekSearch(
  query: ClassWeekQuery,
  change: Partial<ClassWeekQuery> = {},
  extra: Record<string, string> = {},
) {
  const next = { ...query, ...change };
  const params = new URLSearchParams(extra);
  params.set("week", next.week);
  if (next.classId) params.set("class", next.classId);
  if (next.instructorId) params.set("instructor", next.instructorId);
  if (next.partOfDay) params.set("part_of_day", next.partOfDay);
  return `?${params.toString()}`;
}

export const previousWeek = (week: string) => addDays(week, -7);
export const nextWeek = (week: string) => addDays(week, 7);

/**
 * The week's seven days, each with its sessions in time order (on the place's clock, as their starts say), after
 * the filters (class, instructor, part of day). A day without sessions stays, empty. The week is read whole and
 * filtered here, so the filters' choices list every class and instructor of the week.
 */
export function groupByDay(week: string, sessions: readonly ClassSessionView[], query: ClassWeekQuery): ClassWeekDay[] {
  const kept = sessions.filter(
    (session) =>
      (query.partOfDay === null || partOfDayOfStart(session.startsAt) === query.partOfDay) &&
      (query.classId === null || session.serviceId === query.classId) &&
      (query.instructorId === null || session.instructor?.id === query.instructorId),
  );
  return Array.from({ length: 7 }, (_, index) => {
    const date = addDays(week, index);
    return {
      date,
      sessions: kept
        .filter((session) => localDateOf(session.startsAt) === date)
        .sort(
          (a, b) =>
            Date.parse(a.startsAt) - Date.parse(b.startsAt) ||
            localTimeOf(a.startsAt).localeCompare(localTimeOf(b.startsAt)),
        ),
    };
  });
}

/** The choices of seats for one booking: 1 up to the seats left and the business's limit. */
export function seatChoices(seatsLeft: number, maxSeatsPerBooking: number): number[] {
  const most = Math.max(0, Math.min(seatsLeft, maxSeatsPerBooking));
  return Array.from({ length: most }, (_, index) => index + 1);
}

/** The classes and instructors a week's sessions offer, by name, for the filters' choices. */
export function filterChoices(sessions: readonly ClassSessionView[]) {
  const classes = new Map<string, string>();
  const instructors = new Map<string, string>();
  for (const session of sessions) {
    classes.set(session.serviceId, session.className);
    if (session.instructor) instructors.set(session.instructor.id, session.instructor.name);
  }
  const sorted = (map: Map<string, string>) =>
    [...map].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  return { classes: sorted(classes), instructors: sorted(instructors) };
}

/** The week's words written once on the server: its range and each day's name, in the page's language. */
export function weekLabels(week: string, language: string): { range: string; days: Record<string, string> } {
  const day = new Intl.DateTimeFormat(language, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
  const short = new Intl.DateTimeFormat(language, { day: "numeric", month: "long", timeZone: "UTC" });
  const at = (date: string) => new Date(`${date}T00:00:00Z`);
  const dates = Array.from({ length: 7 }, (_, index) => addDays(week, index));
  return {
    range: short.formatRange(at(week), at(addDays(week, 6))),
    days: Object.fromEntries(dates.map((date) => [date, day.format(at(date))])),
  };
}
