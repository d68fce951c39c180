import { parseLocalDate, parseLocalTime } from "./calendar.ts";
import type { AvailabilityInput, DateException, InstantRange, TimeOfDayInterval, WeeklyInterval } from "./types.ts";

// The engine's inputs come from the API's own tables, checked when they were written; a value that breaks the
// rules here is a programming error, reported as a RangeError naming the field rather than as wrong slots.

export const DEFAULT_STEP_MINUTES = 15;

function fail(path: string, message: string): never {
  throw new RangeError(`${path}: ${message}`);
}

function wholeNumber(path: string, value: number, min: number, max = Number.MAX_SAFE_INTEGER) {
  if (!Number.isInteger(value) || value < min || value > max) {
    fail(path, `${value} is not a whole number from ${min} to ${max}`);
  }
}

function instant(path: string, value: number) {
  if (!Number.isFinite(value)) fail(path, `${value} is not an instant in epoch ms`);
}

function interval(path: string, { start, end }: TimeOfDayInterval) {
  const from = parseLocalTime(start);
  const to = parseLocalTime(end);
  if (from === undefined || from === 1440) fail(`${path}.start`, `${JSON.stringify(start)} is not HH:MM before 24:00`);
  if (to === undefined) fail(`${path}.end`, `${JSON.stringify(end)} is not HH:MM or 24:00`);
  if (from >= to) fail(path, `${start}-${end} does not end after it starts (write a night as two days)`);
}

function weekly(path: string, intervals: readonly WeeklyInterval[]) {
  intervals.forEach((item, i) => {
    wholeNumber(`${path}[${i}].weekday`, item.weekday, 1, 7);
    interval(`${path}[${i}]`, item);
  });
}

function exceptions(path: string, items: readonly DateException[]) {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (parseLocalDate(item.date) === undefined)
      fail(`${path}[${i}].date`, `${JSON.stringify(item.date)} is not a date`);
    if (seen.has(item.date)) fail(`${path}[${i}].date`, `${item.date} appears twice`);
    seen.add(item.date);
    item.intervals.forEach((entry, j) => interval(`${path}[${i}].intervals[${j}]`, entry));
  });
}

function ranges(path: string, items: readonly InstantRange[]) {
  // Thousands of busy intervals per request: name the field only when one is wrong.
  for (let i = 0; i < items.length; i += 1) {
    const item = items[i] as InstantRange;
    if (!Number.isFinite(item.start)) instant(`${path}[${i}].start`, item.start);
    if (!Number.isFinite(item.end)) instant(`${path}[${i}].end`, item.end);
  }
}

/** Throws a RangeError naming the first field that breaks the input's rules (see the types' comments). */
export function assertValidInput(input: AvailabilityInput): void {
  instant("now", input.now);
  const { rules, location, service } = input;
  wholeNumber("rules.leadTimeMinutes", rules.leadTimeMinutes, 0);
  wholeNumber("rules.horizonDays", rules.horizonDays, 0);
  wholeNumber("rules.stepMinutes", rules.stepMinutes ?? DEFAULT_STEP_MINUTES, 1, 1440);
  weekly("location.hours", location.hours);
  exceptions("location.exceptions", location.exceptions);
  location.resources.forEach((unit, i) => ranges(`location.resources[${i}].busy`, unit.busy));
  wholeNumber("service.durationMinutes", service.durationMinutes, 1);
  wholeNumber("service.bufferBeforeMinutes", service.bufferBeforeMinutes, 0);
  wholeNumber("service.bufferAfterMinutes", service.bufferAfterMinutes, 0);
  service.resourceNeeds.forEach((need, i) => wholeNumber(`service.resourceNeeds[${i}].quantity`, need.quantity, 0));
  input.backToBackStarts?.forEach((start, i) => instant(`backToBackStarts[${i}]`, start));
  const ids = new Set<string>();
  input.employees.forEach((employee, i) => {
    const path = `employees[${i}]`;
    if (ids.has(employee.id)) fail(`${path}.id`, `${JSON.stringify(employee.id)} appears twice`);
    ids.add(employee.id);
    weekly(`${path}.shifts`, employee.shifts);
    weekly(`${path}.breaks`, employee.breaks);
    exceptions(`${path}.exceptions`, employee.exceptions);
    ranges(`${path}.timeOff`, employee.timeOff);
    ranges(`${path}.busy`, employee.busy);
  });
}
