import type { Database } from "@termin/db/database";
import { addDays } from "@termin/domain/booking/calendar";
import { findSlots } from "@termin/domain/booking/find-slots";
import { localMomentAt } from "@termin/domain/booking/local-time";
import { freeForClient } from "@termin/domain/booking/client-time";
import type {
  EmployeeAvailability,
  InstantRange,
  InvalidStartReason,
  ResourceNeed,
} from "@termin/domain/booking/types";
import type { AppError, ErrorCode } from "../http/app-error.ts";
import { refusal } from "../http/refusal.ts";
import { ownBookings, type OwnTimeExceptions } from "./client-time.ts";
import { loadAvailability, type BookingContext } from "./load-availability.ts";

const MINUTE = 60_000;

/** What a service takes of its employee and rooms: its own time widened by the service's buffers. */
export function claimRange(context: BookingContext, start: number, end: number): InstantRange {
  return {
    start: start - context.rules.bufferBeforeMinutes * MINUTE,
    end: end + context.rules.bufferAfterMinutes * MINUTE,
  };
}

export const overlaps = (a: InstantRange, b: InstantRange) => a.start < b.end && b.start < a.end;

/** A request's earlier service with its employee: it takes its buffered time as a booked one does. */
interface RequestService {
  context: BookingContext;
  employeeId: number;
  start: number;
  end: number;
}

/** The employees' busy time with the request's earlier services added: a later service cannot take it. */
export function withRequestBusy<T extends EmployeeAvailability>(
  employees: readonly T[],
  earlier: readonly RequestService[],
): T[] {
  return employees.map((employee) => ({
    ...employee,
    busy: [
      ...employee.busy,
      ...earlier
        .filter((each) => String(each.employeeId) === employee.id)
        .map((each) => claimRange(each.context, each.start, each.end)),
    ].sort((a, b) => a.start - b.start),
  }));
}

/**
 * The resource units a booking takes: for each needed kind, the first units (by id) free over the range, also of
 * units taken by earlier services of the same request. The slot check has already made sure enough are free.
 */
export function chooseResourceUnits(
  units: ReadonlyArray<{ id: string; kind: string; busy: readonly InstantRange[] }>,
  needs: readonly ResourceNeed[],
  range: InstantRange,
  takenInRequest: ReadonlyArray<{ id: number } & InstantRange>,
): number[] {
  return needs.flatMap((need) =>
    units
      .filter((unit) => unit.kind === need.kind)
      .filter((unit) => !unit.busy.some((busy) => overlaps(busy, range)))
      .filter((unit) => !takenInRequest.some((taken) => String(taken.id) === unit.id && overlaps(taken, range)))
      .slice(0, need.quantity)
      .map((unit) => Number(unit.id)),
  );
}

/** The code of each reason a time is never a slot (docs/api-errors.md). */
const INVALID_START = {
  past: "time_passed",
  lead_time: "before_minimum_notice",
  beyond_horizon: "beyond_booking_window",
  not_aligned: "not_on_time_grid",
  outside_hours: "outside_working_hours",
  employee_does_not_perform: "employee_does_not_perform",
  missing_resources: "missing_resources",
} as const satisfies Record<InvalidStartReason, ErrorCode>;

/** The 422 for a time that is never a slot, quoting the business's notice or window where that is the rule. */
export function invalidStart(reason: InvalidStartReason, context: BookingContext, pointer: string): AppError {
  const { leadTimeMinutes, horizonDays } = context.rules.engine;
  const notice =
    leadTimeMinutes % 60 === 0
      ? { quantity: leadTimeMinutes / 60, unit: "hour" as const }
      : { quantity: leadTimeMinutes, unit: "minute" as const };
  if (reason === "lead_time") {
    return refusal("before_minimum_notice", { pointer }, { notice }, { minimum_notice_minutes: leadTimeMinutes });
  }
  if (reason === "beyond_horizon") {
    return refusal(
      "beyond_booking_window",
      { pointer },
      { window: { quantity: horizonDays, unit: "day" } },
      { booking_window_days: horizonDays },
    );
  }
  return refusal(INVALID_START[reason], { pointer });
}

/** A free time offered instead of a taken one. */
export interface FreeTime {
  starts_at: string;
  ends_at: string;
  employee_ids: string[];
}

/** How many alternatives a 409 offers, and how many days after the asked-for date they are looked for in. */
const ALTERNATIVES = 3;
const ALTERNATIVE_DAYS = 7;

/** Whose free times alternatives are: the client's own time and the request's earlier services are not free. */
export interface AlternativesFor {
  clientId: string;
  earlier: readonly RequestService[];
  except: OwnTimeExceptions;
}

/** The free times nearest to a taken one, for the same service (and employee, when one was chosen). */
export async function nearestFreeTimes(
  db: Database,
  context: BookingContext,
  requested: { employeeId: number | null; start: number },
  now: number,
  whose: AlternativesFor,
): Promise<FreeTime[]> {
  const date = localMomentAt(requested.start, context.timeZone).date;
  const dateTo = addDays(date, ALTERNATIVE_DAYS - 1);
  const { input } = await loadAvailability(db, context, {
    dateFrom: date,
    dateTo,
    now,
    ignoreAppointmentId: whose.except.appointmentId,
    ignoreHoldIds: whose.except.holdIds,
  });
  const chosen =
    requested.employeeId === null
      ? input.employees
      : input.employees.filter((employee) => employee.id === String(requested.employeeId));
  const employees = withRequestBusy(chosen, whose.earlier);
  const slots = findSlots({ ...input, employees, dateFrom: date, dateTo });
  const window = { start: slots[0]?.start ?? requested.start, end: slots.at(-1)?.end ?? requested.start };
  const own = await ownBookings(db, whose.clientId, window, now, whose.except);
  return freeForClient(slots, [...own, ...whose.earlier])
    .sort((a, b) => Math.abs(a.start - requested.start) - Math.abs(b.start - requested.start))
    .slice(0, ALTERNATIVES)
    .sort((a, b) => a.start - b.start)
    .map((slot) => ({ starts_at: slot.startsAt, ends_at: slot.endsAt, employee_ids: slot.employeeIds }));
}
