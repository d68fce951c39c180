import { clockTime, minutesOf, roundTo } from "./clock-time.ts";
import type { Catalogue } from "./generate-catalogue.ts";
import type { Random } from "./random.ts";

/** Opening hours by ISO weekday, in minutes since midnight. */
type WeekHours = Map<number, { open: number; close: number }>;

/** One shift: a weekday and its start and end in minutes since midnight. */
interface Shift {
  weekday: number;
  start: number;
  end: number;
}

const HOUR = 60;

/**
 * The owner works every opening day (a business open seven days still gives them Sunday off), all day, or its first
 * ten hours where the doors stay open longer.
 */
function ownerShifts(hours: WeekHours): Shift[] {
  const days = [...hours.keys()].filter((weekday) => hours.size < 7 || weekday !== 7);
  return days.map((weekday) => {
    const { start, end } = spanOf(hours, weekday);
    return { weekday, start, end: end - start > 11 * HOUR ? start + 10 * HOUR : end };
  });
}

function spanOf(hours: WeekHours, weekday: number) {
  const { open, close } = hours.get(weekday) ?? { open: 9 * HOUR, close: 17 * HOUR };
  return { start: open, end: close };
}

/**
 * Full time: every opening day but one or two days off (Monday most often); on long opening days either the early or
 * the late nine hours.
 */
function fullTimeShifts(hours: WeekHours, random: Random): Shift[] {
  const open = [...hours.keys()];
  const daysOff = [
    random.weighted(
      open,
      open.map((day) => (day === 1 ? 4 : day >= 6 ? 2 : 1)),
    ),
  ];
  if (open.length === 7) daysOff.push(random.pick(open.filter((day) => !daysOff.includes(day))));
  const early = random.chance(0.5);
  return open
    .filter((weekday) => !daysOff.includes(weekday))
    .map((weekday) => {
      const { start, end } = spanOf(hours, weekday);
      if (end - start <= 10 * HOUR) return { weekday, start, end };
      return early ? { weekday, start, end: start + 9 * HOUR } : { weekday, start: end - 9 * HOUR, end };
    });
}

/** Part time: three or four days in a row, afternoons (a Tuesday-Thursday 12:00-20:00 colleague). */
function partTimeShifts(hours: WeekHours, random: Random): Shift[] {
  const open = [...hours.keys()].sort((a, b) => a - b);
  const count = Math.min(open.length, random.pick([3, 3, 4]));
  const first = random.int(Math.min(1, open.length - count), open.length - count);
  return open.slice(first, first + count).map((weekday) => {
    const { start: opens, end: closes } = spanOf(hours, weekday);
    const start = Math.max(opens, 12 * HOUR);
    const end = Math.min(closes, start + 8 * HOUR);
    return end - start >= 5 * HOUR
      ? { weekday, start, end }
      : { weekday, start: Math.max(opens, closes - 6 * HOUR), end: closes };
  });
}

/** Instructors of long studio days: the morning and the evening classes, with the afternoon off. */
function splitShifts(hours: WeekHours, random: Random): Shift[] {
  const open = [...hours.keys()];
  const dayOff = random.pick(open);
  return open
    .filter((weekday) => weekday !== dayOff)
    .flatMap((weekday) => {
      const { start, end } = spanOf(hours, weekday);
      if (end - start < 10 * HOUR) return [{ weekday, start, end }];
      return [
        { weekday, start, end: start + 4 * HOUR },
        { weekday, start: end - 4 * HOUR, end },
      ];
    });
}

/** A lunch break in the middle of a shift of six hours or more, on the half hour. */
function breakOf(shift: Shift, minutes: number): Shift | null {
  if (minutes === 0 || shift.end - shift.start < 6 * HOUR) return null;
  const middle = roundTo((shift.start + shift.end - minutes) / 2, 30);
  const start = Math.min(Math.max(middle, shift.start + 2 * HOUR), shift.end - 2 * HOUR - minutes);
  return { weekday: shift.weekday, start, end: start + minutes };
}

/**
 * Each employee's weekly shifts within their location's opening hours, and lunch breaks on most long shifts. Not
 * everyone works every opening day or hour: the owner does; colleagues have days off, early or late hours, part-time
 * afternoons, or (in studios) split mornings and evenings.
 */
export function addStaffSchedules(catalogue: Catalogue, random: Random): void {
  const hoursByLocation = new Map<number, WeekHours>();
  for (const row of catalogue.workingHours) {
    const hours = hoursByLocation.get(row.locationId) ?? new Map();
    hours.set(row.weekday, { open: minutesOf(row.opensAt), close: minutesOf(row.closesAt) });
    hoursByLocation.set(row.locationId, hours);
  }
  const studios = new Set(catalogue.resources.filter((r) => r.kind === "hall").map((r) => r.locationId));
  const staffByLocation = new Map<number, number[]>();
  for (const employee of catalogue.employees) {
    staffByLocation.set(employee.locationId, [
      ...(staffByLocation.get(employee.locationId) ?? []),
      employee.id as number,
    ]);
  }
  let shiftId = 0;
  let breakId = 0;
  for (const location of catalogue.locations) {
    const hours = hoursByLocation.get(location.id as number);
    if (!hours || hours.size === 0) continue;
    const studio = studios.has(location.id as number);
    (staffByLocation.get(location.id as number) ?? []).forEach((employeeId, index) => {
      const pattern =
        index === 0 ? "owner" : random.weighted(["full", "part", "split"], studio ? [3, 3, 4] : [13, 7, 0]);
      const shifts =
        pattern === "owner"
          ? ownerShifts(hours)
          : pattern === "full"
            ? fullTimeShifts(hours, random)
            : pattern === "part"
              ? partTimeShifts(hours, random)
              : splitShifts(hours, random);
      const lunch = random.weighted([0, 30, 60], [1, 3, 5]);
      for (const shift of shifts) {
        const times = { startsAt: clockTime(shift.start), endsAt: clockTime(shift.end) };
        catalogue.employeeShifts.push({ id: ++shiftId, employeeId, weekday: shift.weekday, ...times });
        const pause = breakOf(shift, lunch);
        if (pause) {
          catalogue.employeeBreaks.push({
            id: ++breakId,
            employeeId,
            weekday: pause.weekday,
            startsAt: clockTime(pause.start),
            endsAt: clockTime(pause.end),
          });
        }
      }
    });
  }
}
