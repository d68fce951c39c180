import { formatLocalDate, weekdayOfDay } from "@termin/domain/booking/calendar";
import { zonedTimeToEpochMs } from "@termin/domain/booking/local-time";
import type { employeeTimeOff, scheduleExceptions } from "../../booking-schema.ts";
import { clockTime, minutesOf, roundTo } from "./clock-time.ts";
import type { Catalogue, Rows } from "./generate-catalogue.ts";
import type { Random } from "./random.ts";

export interface ScheduleChanges {
  scheduleExceptions: Rows<typeof scheduleExceptions>;
  employeeTimeOff: Rows<typeof employeeTimeOff>;
}

/** A share of a list, at least `least` (or all when there are fewer). */
const share = (count: number, fraction: number, least: number) =>
  Math.min(count, Math.max(least, Math.round(count * fraction)));

/**
 * The coming weeks' changes to the weekly schedules, relative to each location's local today: a holiday closing a
 * few locations for a day, a few shortened days, a vacation week for a few employees and a few half days off.
 */
export function generateScheduleChanges(
  catalogue: Catalogue,
  locations: Catalogue["locations"],
  todayOf: (location: Catalogue["locations"][number]) => number,
  random: Random,
): ScheduleChanges {
  const out: ScheduleChanges = { scheduleExceptions: [], employeeTimeOff: [] };
  const hours = new Map<number, Map<number, { opensAt: string; closesAt: string }>>();
  for (const row of catalogue.workingHours) {
    const week = hours.get(row.locationId) ?? new Map();
    week.set(row.weekday, row);
    hours.set(row.locationId, week);
  }
  /** The first day from `day` on that the location opens. */
  const openDayFrom = (locationId: number, day: number) => {
    const week = hours.get(locationId);
    for (let next = day; next < day + 7; next++) if (week?.has(weekdayOfDay(next))) return next;
    return day;
  };
  let exceptionId = 0;
  let timeOffId = 0;

  const shuffled = random.sample(locations, locations.length);
  const count = share(locations.length, 0.1, 2);
  const holidays = shuffled.slice(0, count);
  const shortened = shuffled.slice(count, 2 * count);
  for (const location of holidays) {
    const id = location.id as number;
    const day = openDayFrom(id, todayOf(location) + random.int(7, 27));
    out.scheduleExceptions.push({ id: ++exceptionId, locationId: id, employeeId: null, date: formatLocalDate(day) });
  }
  for (const location of shortened) {
    const id = location.id as number;
    const day = openDayFrom(id, todayOf(location) + random.int(3, 27));
    const open = hours.get(id)?.get(weekdayOfDay(day));
    if (!open) continue;
    const opens = minutesOf(open.opensAt);
    const length = Math.max(3 * 60, roundTo((minutesOf(open.closesAt) - opens) / 2, 30));
    out.scheduleExceptions.push({
      id: ++exceptionId,
      locationId: id,
      employeeId: null,
      date: formatLocalDate(day),
      startsAt: clockTime(opens),
      endsAt: clockTime(Math.min(opens + length, minutesOf(open.closesAt))),
    });
  }

  const byId = new Map(locations.map((location) => [location.id as number, location]));
  const staff = catalogue.employees.filter((employee) => byId.has(employee.locationId));
  const away = random.sample(staff, share(staff.length, 0.12, 4));
  away.forEach((employee, index) => {
    const location = byId.get(employee.locationId);
    if (!location) return;
    const local = (day: number, time: string) =>
      new Date(zonedTimeToEpochMs(formatLocalDate(day), time, location.timeZone));
    const employeeId = employee.id as number;
    if (index % 3 === 2) {
      // A morning off for the doctor, within the next three weeks.
      const day = todayOf(location) + random.int(1, 20);
      out.employeeTimeOff.push({
        id: ++timeOffId,
        employeeId,
        startsAt: local(day, "09:00"),
        endsAt: local(day, "13:00"),
        reason: "Doctor's appointment",
      });
      return;
    }
    // A vacation week, Monday to Monday, starting within the next five weeks.
    const from = todayOf(location) + random.int(7, 35);
    const monday = from + ((8 - weekdayOfDay(from)) % 7);
    out.employeeTimeOff.push({
      id: ++timeOffId,
      employeeId,
      startsAt: local(monday, "00:00"),
      endsAt: local(monday + 7, "00:00"),
      reason: "Vacation",
    });
  });
  return out;
}
