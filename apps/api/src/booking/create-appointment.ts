import { randomBytes } from "node:crypto";
import { and, eq, lte, sql } from "drizzle-orm";
import {
  appointmentClients,
  appointmentServiceEmployees,
  appointmentServices,
  appointments,
  bookingClaims,
  bookingHolds,
} from "@termin/db/booking-schema";
import type { Database } from "@termin/db/database";
import { rawRows } from "@termin/db/raw-rows";
import { APPOINTMENT_STATUS } from "@termin/domain/appointment-statuses";
import { checkStart } from "@termin/domain/booking/check-start";
import { localMomentAt } from "@termin/domain/booking/local-time";
import { measureWorkload, pickEmployee } from "@termin/domain/booking/pick-employee";
import { AppError } from "../http/app-error.ts";
import { sqlState } from "../http/database-errors.ts";
import {
  claimRange,
  chooseResourceUnits,
  explainInvalidStart,
  nearestFreeTimes,
  type FreeTime,
} from "./booking-checks.ts";
import { loadAvailability, loadBookingContext, type BookingContext } from "./load-availability.ts";

/** A service as the client asks for it. */
export interface RequestedService {
  servicePriceId: number;
  /** null: any employee who is free, chosen by pickEmployee (the least booked that day). */
  employeeId: number | null;
  /** Epoch ms of the service's start. */
  start: number;
}

export interface CreateAppointmentOptions {
  db: Database;
  clientId: string;
  /** Where; when absent, the chosen employee's location or the business's only one. */
  locationId?: number | undefined;
  clientNote: string | null;
  services: RequestedService[];
  now: number;
  /** Steps of the caller's inside the booking's transaction: before any write and after the last (idempotency). */
  inTransaction?: {
    first?: (tx: Database) => Promise<void>;
    last?: (tx: Database, appointmentClientId: number) => Promise<void>;
  };
}

/** A service whose time was taken by someone else meanwhile (409), with the nearest free times for it. */
export class SlotTakenError extends AppError {
  readonly alternatives: FreeTime[];
  constructor(index: number, alternatives: FreeTime[]) {
    super("conflict", `The time of service ${index + 1} was just taken. Choose another time.`, {
      pointer: `/data/attributes/services/${index}`,
    });
    this.alternatives = alternatives;
  }

  override toErrorObject() {
    return { ...super.toErrorObject(), code: "slot_taken", meta: { alternatives: this.alternatives } };
  }
}

const servicePointer = (index: number, member?: string) =>
  `/data/attributes/services/${index}${member ? `/${member}` : ""}`;

async function resolveLocation(db: Database, options: CreateAppointmentOptions): Promise<number> {
  if (options.locationId !== undefined) return options.locationId;
  const [first] = options.services;
  if (!first)
    throw new AppError("invalid_body", "Book at least one service.", { pointer: "/data/attributes/services" });
  const rows = await rawRows<{ id: number }>(
    db,
    first.employeeId !== null
      ? sql`select location_id as id from employees where id = ${first.employeeId}`
      : sql`select l.id from service_prices sp join services s on s.id = sp.service_id
            join locations l on l.business_id = s.business_id where sp.id = ${first.servicePriceId} limit 2`,
  );
  if (rows.length !== 1 || !rows[0]) {
    throw new AppError("invalid_body", "Say where: location_id is needed for a business with several locations.", {
      pointer: "/data/attributes/location_id",
    });
  }
  return rows[0].id;
}

interface PlannedService {
  index: number;
  context: BookingContext;
  employeeId: number;
  start: number;
  end: number;
  resourceIds: number[];
}

/** Checks each requested service against the schedule and picks its employee and resource units (no writes). */
async function planServices(db: Database, options: CreateAppointmentOptions, locationId: number) {
  const planned: PlannedService[] = [];
  for (const [index, requested] of options.services.entries()) {
    const context = await loadBookingContext(db, requested.servicePriceId, locationId).catch((error: unknown) => {
      if (error instanceof AppError && error.code === "not_found") {
        throw new AppError("invalid_body", `Location ${locationId} does not offer this service price.`, {
          pointer: servicePointer(index, "service_price_id"),
        });
      }
      throw error;
    });
    if (!context.rules.onlineBooking) {
      throw new AppError("invalid_body", "This business takes no bookings online: call them.", {
        pointer: servicePointer(index),
      });
    }
    const date = localMomentAt(requested.start, context.timeZone).date;
    const loaded = await loadAvailability(db, context, { dateFrom: date, dateTo: date, now: options.now });
    // The earlier services of this request are as busy as booked ones for the later ones.
    const employees = loaded.input.employees.map((employee) => ({
      ...employee,
      busy: [
        ...employee.busy,
        ...planned
          .filter((each) => String(each.employeeId) === employee.id)
          .map((each) => claimRange(each.context, each.start, each.end)),
      ],
    }));
    const input = { ...loaded.input, employees };
    const check = checkStart(
      input,
      requested.start,
      requested.employeeId === null ? null : String(requested.employeeId),
    );
    if (check.kind === "invalid") {
      throw new AppError("invalid_body", explainInvalidStart(check.reason), {
        pointer: servicePointer(index, "starts_at"),
      });
    }
    if (check.kind === "taken") {
      throw new SlotTakenError(index, await nearestFreeTimes(db, context, requested, options.now));
    }
    const employeeId =
      requested.employeeId ??
      Number(
        pickEmployee(check.employeeIds, measureWorkload({ ...input, dateFrom: date, dateTo: date }, requested.start)),
      );
    const end = requested.start + context.durationMinutes * 60_000;
    const range = claimRange(context, requested.start, end);
    const taken = planned.flatMap((each) =>
      each.resourceIds.map((id) => ({ id, ...claimRange(each.context, each.start, each.end) })),
    );
    planned.push({
      index,
      context,
      employeeId,
      start: requested.start,
      end,
      resourceIds: chooseResourceUnits(loaded.resourceUnits, input.service.resourceNeeds, range, taken),
    });
  }
  return planned;
}

const asRange = (start: number, end: number) => `[${new Date(start).toISOString()},${new Date(end).toISOString()})`;

/**
 * Books one or more services for a client. Every rule is checked first (422 for a time that is never a slot, 409
 * for one taken), then everything is written in one transaction whose claims PostgreSQL refuses to overlap: when
 * two requests race for one time, exactly one commits and the other answers 409. Answers the new appointment
 * client's id.
 */
export async function createAppointment(options: CreateAppointmentOptions): Promise<number> {
  const { db, clientId, now } = options;
  const locationId = await resolveLocation(db, options);
  const planned = await planServices(db, options, locationId);
  const first = planned[0];
  const last = planned.at(-1);
  if (!first || !last)
    throw new AppError("invalid_body", "Book at least one service.", { pointer: "/data/attributes/services" });

  let claiming = 0;
  try {
    return await db.transaction(async (tx) => {
      await options.inTransaction?.first?.(tx);
      // Expired holds stop blocking here; the client's own holds on these times become the booking.
      await tx.delete(bookingHolds).where(lte(bookingHolds.expiresAt, new Date(now)));
      for (const service of planned) {
        await tx
          .delete(bookingHolds)
          .where(
            and(
              eq(bookingHolds.clientId, clientId),
              eq(bookingHolds.employeeId, service.employeeId),
              sql`tstzrange(${bookingHolds.startsAt}, ${bookingHolds.endsAt}) && tstzrange(${new Date(service.start)}, ${new Date(service.end)})`,
            ),
          );
      }
      const [appointment] = await tx
        .insert(appointments)
        .values({
          locationId,
          startsAt: new Date(first.start),
          endsAt: new Date(Math.max(...planned.map((each) => each.end))),
        })
        .returning({ id: appointments.id });
      if (!appointment) throw new Error("the appointment insert returned no row");
      for (const service of planned) {
        const [row] = await tx
          .insert(appointmentServices)
          .values({
            appointmentId: appointment.id,
            servicePriceId: service.context.servicePriceId,
            position: service.index,
            startsAt: new Date(service.start),
            endsAt: new Date(service.end),
            priceMinor: service.context.priceMinor,
            currencyCode: service.context.currencyCode,
          })
          .returning({ id: appointmentServices.id });
        if (!row) throw new Error("the appointment service insert returned no row");
        await tx
          .insert(appointmentServiceEmployees)
          .values({ appointmentServiceId: row.id, employeeId: service.employeeId });
        const range = claimRange(service.context, service.start, service.end);
        claiming = service.index;
        await tx.insert(bookingClaims).values([
          { employeeId: service.employeeId, appointmentServiceId: row.id, during: asRange(range.start, range.end) },
          ...service.resourceIds.map((resourceId) => ({
            resourceId,
            appointmentServiceId: row.id,
            during: asRange(range.start, range.end),
          })),
        ]);
      }
      const [client] = await tx
        .insert(appointmentClients)
        .values({
          appointmentId: appointment.id,
          clientId,
          statusId: APPOINTMENT_STATUS.new,
          clientNote: options.clientNote,
          totalMinor: planned.reduce((sum, service) => sum + service.context.priceMinor, 0),
          currencyCode: first.context.currencyCode,
          calendarToken: randomBytes(32).toString("base64url"),
        })
        .returning({ id: appointmentClients.id });
      if (!client) throw new Error("the appointment client insert returned no row");
      await options.inTransaction?.last?.(tx, client.id);
      return client.id;
    });
  } catch (error) {
    if (sqlState(error) !== "23P01") throw error;
    // Another booking or hold took the time between our check and our write: the constraint refused ours.
    const service = planned[claiming] ?? first;
    const requested = { employeeId: options.services[claiming]?.employeeId ?? null, start: service.start };
    throw new SlotTakenError(claiming, await nearestFreeTimes(db, service.context, requested, now));
  }
}
