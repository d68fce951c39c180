import { prepareAvailability } from "./availability.ts";
import { DAY_MS, MINUTE_MS } from "./calendar.ts";
import { containsRange, overlapsRange } from "./spans.ts";
import type { AvailabilityInput, BookingRules, InvalidStartReason, StartCheck } from "./types.ts";
import { assertValidInput } from "./validate-input.ts";
import { offsetAt, zoneOffsetMs } from "./zone-timeline.ts";

const invalid = (reason: InvalidStartReason): StartCheck => ({ kind: "invalid", reason });

/**
 * Why a start is outside the time a business takes bookings for, or null when inside: past, before now + lead
 * time, after now + horizon. Appointments and class sessions share it.
 */
export function bookingWindowReason(
  start: number,
  now: number,
  rules: Pick<BookingRules, "leadTimeMinutes" | "horizonDays">,
): "past" | "lead_time" | "beyond_horizon" | null {
  if (start < now) return "past";
  if (start < now + rules.leadTimeMinutes * MINUTE_MS) return "lead_time";
  if (start > now + rules.horizonDays * DAY_MS) return "beyond_horizon";
  return null;
}

/**
 * Whether a requested start (epoch ms) can be booked, by one employee or by anybody (employeeId null), under the
 * rules of findSlots: "free" exactly when findSlots over the start's local date lists this start, with the same
 * employees (those among the chosen ones). Otherwise it tells a start that would be a slot if no busy interval of
 * employees and resources existed ("taken": someone booked it first, HTTP 409) from one that never is
 * ("invalid", HTTP 422), with the first reason in this order:
 * - employee_does_not_perform: employeeId is not among input.employees, or input.employees is empty;
 * - past: before now; lead_time: before now + lead time; beyond_horizon: after now + horizon;
 * - not_aligned: not at a local minute of the day that is a multiple of the step, nor one of input.backToBackStarts
 *   (or not on a whole minute);
 * - outside_hours: the service does not fit the working time (shifts, exceptions, location hours, breaks, time
 *   off) of any chosen employee;
 * - missing_resources: the location has fewer units of a needed kind than the service needs.
 * The input's busy intervals and time off must cover the start's local date as findSlots requires.
 */
export function checkStart(input: AvailabilityInput, start: number, employeeId: string | null): StartCheck {
  assertValidInput(input);
  if (!Number.isFinite(start)) throw new RangeError(`start: ${start} is not an instant in epoch ms`);
  const employees = employeeId === null ? input.employees : input.employees.filter((e) => e.id === employeeId);
  if (employees.length === 0) return invalid("employee_does_not_perform");

  const outsideWindow = bookingWindowReason(start, input.now, input.rules);
  if (outsideWindow) return invalid(outsideWindow);

  const day = Math.floor((start + zoneOffsetMs(input.location.timeZone, start)) / DAY_MS);
  const availability = prepareAvailability({ ...input, employees }, day, day);
  const minuteOfDay = (start + offsetAt(availability.timeline, start) - day * DAY_MS) / MINUTE_MS;
  const backToBack = input.backToBackStarts?.includes(start) ?? false;
  if (!Number.isInteger(minuteOfDay) || (minuteOfDay % availability.stepMinutes !== 0 && !backToBack)) {
    return invalid("not_aligned");
  }

  const end = start + availability.durationMs;
  const working = availability.employees.filter((employee) => containsRange(employee.work, start, end));
  if (working.length === 0) return invalid("outside_hours");
  if (availability.missingResources) return invalid("missing_resources");

  const from = start - availability.beforeMs;
  const to = end + availability.afterMs;
  const resourcesFree = availability.needs.every(
    (need) => need.units.filter((busy) => !overlapsRange(busy, from, to)).length >= need.quantity,
  );
  const employeeIds = resourcesFree
    ? working.filter((employee) => !overlapsRange(employee.busy, from, to)).map((employee) => employee.id)
    : [];
  return employeeIds.length > 0 ? { kind: "free", employeeIds } : { kind: "taken" };
}
