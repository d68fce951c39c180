import type { Database } from "@termin/db/database";
import { addDays, isLocalDate, parseLocalDate } from "@termin/domain/booking/calendar";
import { freeForClient } from "@termin/domain/booking/client-time";
import { findSlots } from "@termin/domain/booking/find-slots";
import { localMomentAt } from "@termin/domain/booking/local-time";
import type { LocalDate, Slot } from "@termin/domain/booking/types";
import { AppError } from "../http/app-error.ts";
import { ownBookings } from "./client-time.ts";
import { loadAvailability, loadBookingContext, type LoadedAvailability } from "./load-availability.ts";

/** The longest range one request may ask for: two months, the widest calendar a client shows at once. */
export const MAX_SLOT_RANGE_DAYS = 62;
/** Without date_to: a week from date_from. */
const DEFAULT_RANGE_DAYS = 7;

export interface FindAvailableSlotsOptions {
  db: Database;
  servicePriceId: number;
  locationId: number;
  employeeId?: number | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  now: number;
  clientId?: string | undefined;
  /**
   * Where the client's previous service ends (epoch ms): also offered as a start, off the step's grid, when the
   * service is free from then (back to back). Booking it needs that service held or booked in the same request.
   */
  backToBackAt?: number | undefined;
  /**
   * The client's appointment being moved (checked to be theirs): its own time counts as free, for its employees
   * and for the client, so it may move by less than its length.
   */
  movingAppointmentId?: number | undefined;
}

const badDate = (parameter: string, detail: string) =>
  new AppError("invalid_parameter", detail, { parameter: `filter[${parameter}]` });

function checkedDate(value: string | undefined, parameter: string): LocalDate | undefined {
  if (value === undefined) return undefined;
  if (!isLocalDate(value))
    throw badDate(parameter, `filter[${parameter}] is a date written YYYY-MM-DD, e.g. 2026-12-01.`);
  return value;
}

/**
 * Free start times of one service price at one location, between two local dates of the location (both included),
 * for one employee or for anybody. Dates default to today in the location's zone and the six days after it.
 */
export async function findAvailableSlots(options: FindAvailableSlotsOptions): Promise<{
  slots: Slot[];
  timeZone: string;
  dateFrom: LocalDate;
  dateTo: LocalDate;
  /** False for a business that takes no bookings online: no times, and that is why (not a full week). */
  onlineBooking: boolean;
}> {
  const givenFrom = checkedDate(options.dateFrom, "date_from");
  const givenTo = checkedDate(options.dateTo, "date_to");
  const context = await loadBookingContext(options.db, options.servicePriceId, options.locationId);
  const dateFrom = givenFrom ?? localMomentAt(options.now, context.timeZone).date;
  const dateTo = givenTo ?? addDays(dateFrom, DEFAULT_RANGE_DAYS - 1);
  const days = (parseLocalDate(dateTo) ?? 0) - (parseLocalDate(dateFrom) ?? 0) + 1;
  if (days < 1) throw badDate("date_to", "filter[date_to] is before filter[date_from].");
  if (days > MAX_SLOT_RANGE_DAYS) {
    throw badDate("date_to", `Ask for at most ${MAX_SLOT_RANGE_DAYS} days at once (this range has ${days}).`);
  }

  const { onlineBooking } = context.rules;
  if (!onlineBooking) return { slots: [], timeZone: context.timeZone, dateFrom, dateTo, onlineBooking };
  const loaded = await loadAvailability(options.db, context, {
    dateFrom,
    dateTo,
    now: options.now,
    clientId: options.clientId,
    ignoreAppointmentId: options.movingAppointmentId,
    contextJustRead: true,
  });
  const { input } = loaded;
  const slots = madeSlots(loaded, `${options.employeeId ?? ""}/${options.backToBackAt ?? ""}`, () => {
    const employees =
      options.employeeId === undefined
        ? input.employees
        : input.employees.filter((employee) => employee.id === String(options.employeeId));
    const backToBackStarts = options.backToBackAt === undefined ? [] : [options.backToBackAt];
    return findSlots({ ...input, employees, dateFrom, dateTo, backToBackStarts });
  });
  return { slots: await freeForViewer(options, slots), timeZone: context.timeZone, dateFrom, dateTo, onlineBooking };
}

/**
 * How long the engine's answer for kept rows is used at most: the horizon's end moves with the clock, so a time
 * coming into it may be offered up to this much later (a time is never offered after it stopped being free: holds
 * expire by changesAt, the lead time cuts the kept answer at each use).
 */
const MADE_SLOTS_MS = 1_000;

const madeSlotsOf = new WeakMap<object, Map<string, { madeAt: number; until: number; slots: Slot[] }>>();

/**
 * The engine's slots for this input, made once for the rows kept (loadAvailability's `kept`) while no hold among them
 * expires, for at most MADE_SLOTS_MS: the lead time alone depends on the clock then, and is applied at each use.
 */
function madeSlots(loaded: LoadedAvailability, key: string, make: () => Slot[]): Slot[] {
  const { kept, input } = loaded;
  if (!kept) return make();
  const now = input.now;
  let made = madeSlotsOf.get(kept.rows);
  if (!made) {
    made = new Map();
    madeSlotsOf.set(kept.rows, made);
  }
  const found = made.get(key);
  if (found && now >= found.madeAt && now < found.until) {
    const earliest = now + input.rules.leadTimeMinutes * 60_000;
    return found.slots[0] && found.slots[0].start >= earliest
      ? found.slots
      : found.slots.filter((slot) => slot.start >= earliest);
  }
  const slots = make();
  made.set(key, { madeAt: now, until: Math.min(kept.changesAt, now + MADE_SLOTS_MS), slots });
  return slots;
}

/**
 * For a signed-in client, the slots they could book themselves: none overlapping their own appointments and holds
 * elsewhere (one person, one place at a time), except their holds of this service price, which the slots show as
 * theirs, and the appointment they move.
 */
async function freeForViewer(options: FindAvailableSlotsOptions, slots: Slot[]): Promise<Slot[]> {
  const first = slots[0];
  const last = slots.at(-1);
  if (options.clientId === undefined || !first || !last) return slots;
  const own = await ownBookings(options.db, options.clientId, { start: first.start, end: last.end }, options.now, {
    servicePriceId: options.servicePriceId,
    appointmentId: options.movingAppointmentId,
  });
  return freeForClient(slots, own);
}
