import type { Language } from "@termin/domain/languages";
import type { ApiClient } from "../api/client.ts";
import { formatTimeOfDay, timeZoneName } from "../catalogue/opening-hours.ts";
import { dateTimeFormat } from "../lib/format.ts";
import { freeTimes, type FreeTime } from "./booking-api.ts";
import { outsideTimes, type TimeSpan } from "./basket-times.ts";
import { calendarDays, calendarWindow } from "./calendar.ts";
import { addDays, isIsoDate, localDateOf, localTimeOf, todayIn } from "./local-dates.ts";
import type { BookingRules, OfferLocation } from "./offer.ts";
import type { PickerData, PickerTime } from "./picker.ts";
import { pickerWatch } from "./live-free-times.ts";

/** A date of the calendar as the page shows it; read in UTC, since the date is the location's already. */
const utc = (date: string) => new Date(`${date}T12:00:00Z`);
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

export function toPickerTime(time: FreeTime, language: Language): PickerTime {
  return { ...time, label: plain(formatTimeOfDay(localTimeOf(time.startsAt), language)) };
}

export interface PickerInput {
  api: ApiClient;
  location: OfferLocation;
  rules: BookingRules;
  servicePriceId: string;
  employeeId: string | null;
  /** The window the visitor moved to, and the day they picked (URL parameters, unchecked). */
  from: string | null;
  date: string | null;
  language: Language;
  now: Date;
  /** Where the basket's last service ends: that start is offered too when free (back to back, off the grid). */
  backToBackAt?: string | null;
  /**
   * Services that must fit after the first one (moving a visit of several): a time is offered only when each of
   * them is free `offsetMs` after it, with its employee (or anyone).
   */
  followers?: ReadonlyArray<{ servicePriceId: string; employeeId: string | null; offsetMs: number }>;
  /** Times already in the basket: one person, one place at a time, so no time overlapping them is offered. */
  basketTimes?: readonly TimeSpan[];
  /** The appointment being moved: its own time is free for it (a move by less than its length). */
  movingAppointmentId?: string | null;
}

/**
 * The calendar and times of one service (and employee, or anyone): two weeks of free times asked at once,
 * so the calendar can tell which days have any; the times of the chosen day (else the first free one).
 * Everything is worded here, on the server, in the location's own dates and clock.
 */
export async function loadPicker(input: PickerInput): Promise<PickerData> {
  const { api, location, rules, language, now } = input;
  const today = todayIn(location.timeZone, now);
  const lastDay = addDays(today, Math.max(0, rules.horizonDays));
  const window = calendarWindow(today, lastDay, input.from);
  const range = window.query;
  const free = (servicePriceId: string, employeeId: string | null, backToBackAt: string | null = null) =>
    range
      ? freeTimes(api, {
          servicePriceId,
          locationId: location.id,
          employeeId,
          ...range,
          backToBackAt,
          movingAppointmentId: input.movingAppointmentId,
        })
      : Promise.resolve([]);
  const followers = input.followers ?? [];
  const [firstTimes = [], ...followerTimes] = await Promise.all([
    free(input.servicePriceId, input.employeeId, input.backToBackAt ?? null),
    ...followers.map((follower) => free(follower.servicePriceId, follower.employeeId)),
  ]);
  const followerStarts = followerTimes.map((each) => new Set(each.map((time) => Date.parse(time.startsAt))));
  const times = outsideTimes(firstTimes, input.basketTimes ?? []).filter((time) =>
    followers.every((follower, index) => followerStarts[index]?.has(Date.parse(time.startsAt) + follower.offsetMs)),
  );
  const freeDates = new Set(times.map((time) => localDateOf(time.startsAt)));
  const days = calendarDays(window, today, lastDay, freeDates);
  const asked = isIsoDate(input.date) && days.some((day) => day.date === input.date && day.inRange) ? input.date : null;
  const selectedDate = asked ?? days.find((day) => day.free)?.date ?? null;
  const dayNumber = dateTimeFormat(language, { day: "numeric", timeZone: "UTC" });
  const longDate = dateTimeFormat(language, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
  const weekdayShort = dateTimeFormat(language, { weekday: "short", timeZone: "UTC" });
  const monthYear = dateTimeFormat(language, { month: "long", year: "numeric", timeZone: "UTC" });
  return {
    timeZone: location.timeZone,
    timeZoneName: timeZoneName(location.timeZone, language, now),
    title: plain(monthYear.formatRange(utc(window.start), utc(window.end))),
    previous: window.previous,
    next: window.next,
    // 2024-01-01 was a Monday.
    weekdays: [1, 2, 3, 4, 5, 6, 7].map((day) => plain(weekdayShort.format(utc(`2024-01-0${day}`)))),
    days: days.map((day) => ({
      ...day,
      number: plain(dayNumber.format(utc(day.date))),
      label: plain(longDate.format(utc(day.date))),
      today: day.date === today,
    })),
    selectedDate,
    selectedDateLabel: selectedDate ? plain(longDate.format(utc(selectedDate))) : null,
    times: selectedDate
      ? times.filter((time) => localDateOf(time.startsAt) === selectedDate).map((time) => toPickerTime(time, language))
      : [],
    live: pickerWatch(location.id, window.start, window.end),
  };
}
