import { eq, inArray, sql } from "drizzle-orm";
import {
  appointmentClients,
  appointmentServiceEmployees,
  appointmentServices,
  appointments,
  bookingClaims,
  clientClaims,
} from "@termin/db/booking-schema";
import type { Database } from "@termin/db/database";
import { refusal } from "../http/refusal.ts";
import { pastDeadline } from "./cancel-appointment-client.ts";
import { sqlState } from "../http/database-errors.ts";
import type { TransactionSteps } from "../http/idempotency.ts";
import { retryTransaction } from "../http/retry-transaction.ts";
import { cancellableUntil, LIVE_STATUSES, type AppointmentClientRow } from "./appointment-resources.ts";
import { queueBookingNotice, scheduleAppointmentJobs } from "./notices/appointment-jobs.ts";
import { releaseExpiredOwnHolds } from "./client-time.ts";
import {
  claimsOf,
  clientClaimsOf,
  lockLocationBookings,
  planServices,
  refusedClaim,
  releaseHolds,
  servicesPointer,
  type PlanRequest,
} from "./plan-booking.ts";

/** A service's new time as the client asks for it; the service itself stays (its price id may be repeated). */
export interface MovedService {
  servicePriceId?: number | undefined;
  employeeId: number | null;
  start: number;
}

const SERVICES = { pointer: "/data/attributes/services" };
const notMovable = () => refusal("not_movable", SERVICES);

/** Moving is allowed while cancelling is: a move frees the old time as late as a cancellation would. */
function assertMovable(row: AppointmentClientRow, now: number): void {
  // A session is shared: moving it would move everyone's class. Peers (Mindbody, ClassPass) cancel and rebook.
  if (row.capacity !== null) throw refusal("class_not_movable", SERVICES);
  if (cancellableUntil(row, now) !== null) return;
  if (!LIVE_STATUSES.includes(row.statusId)) throw notMovable();
  const deadline = row.startsAt.getTime() - row.cancellationNoticeHours * 3_600_000;
  throw refusal("too_late_to_move", SERVICES, ...pastDeadline(deadline, row.cancellationNoticeHours, row.timeZone));
}

/**
 * Moves a client's appointment to new times, atomically: its old claims are deleted and the new ones inserted in
 * one transaction, so when a new time was taken meanwhile the constraint refuses it, the transaction rolls back
 * and the old time is still the client's (409 with the nearest free times). The appointment's calendar sequence
 * goes up, the reminder and completion move, and a "rescheduled" notice is queued, all in the same transaction.
 */
export async function rescheduleAppointment(options: {
  db: Database;
  row: AppointmentClientRow;
  services: readonly MovedService[];
  now: number;
  /** Steps of the caller's inside the move's transaction (idempotency). */
  inTransaction?: TransactionSteps<void>;
}): Promise<void> {
  const { db, row, now } = options;
  assertMovable(row, now);
  if (options.services.length !== row.services.length) {
    const count = row.services.length;
    throw refusal("move_needs_each_service", SERVICES, { count }, { service_count: count });
  }
  const services = row.services.map((booked, index) => {
    const moved = options.services[index];
    if (!moved) throw new Error("the lengths were checked above");
    if (moved.servicePriceId !== undefined && moved.servicePriceId !== booked.servicePriceId) {
      throw refusal("move_changes_services", { pointer: servicesPointer(index, "service_price_id") });
    }
    return { servicePriceId: booked.servicePriceId, employeeId: moved.employeeId, start: moved.start };
  });
  const request: PlanRequest = {
    db,
    clientId: row.clientId,
    locationId: row.locationId,
    services,
    now,
    ignoreAppointmentId: row.appointmentId,
    pointer: servicesPointer,
  };
  const plan = await planServices(request);
  const planned = plan.services;
  const startsAt = new Date(Math.min(...planned.map((each) => each.start)));
  const endsAt = new Date(Math.max(...planned.map((each) => each.end)));

  let claiming: number | "client" = 0;
  try {
    await retryTransaction(() =>
      db.transaction(async (tx) => {
        await options.inTransaction?.first?.(tx);
        await lockLocationBookings(tx, row.locationId);
        // The row lock orders this move after a cancellation or another move of the same appointment.
        const [locked] = await tx
          .select({ statusId: appointmentClients.statusId })
          .from(appointmentClients)
          .where(eq(appointmentClients.id, row.id))
          .for("update");
        if (!locked || !LIVE_STATUSES.includes(locked.statusId)) throw notMovable();
        const serviceIds = row.services.map((service) => service.id);
        await tx.delete(bookingClaims).where(inArray(bookingClaims.appointmentServiceId, serviceIds));
        await tx.delete(clientClaims).where(eq(clientClaims.appointmentClientId, row.id));
        await releaseHolds(tx, plan, row.clientId, now);
        await releaseExpiredOwnHolds(tx, row.clientId, now);
        for (const service of planned) {
          const booked = row.services[service.index];
          if (!booked) throw new Error("planned services follow the booked ones");
          await tx
            .update(appointmentServices)
            .set({ startsAt: new Date(service.start), endsAt: new Date(service.end) })
            .where(eq(appointmentServices.id, booked.id));
          await tx
            .update(appointmentServiceEmployees)
            .set({ employeeId: service.employeeId })
            .where(eq(appointmentServiceEmployees.appointmentServiceId, booked.id));
          claiming = service.index;
          await tx.insert(bookingClaims).values(claimsOf(service, { appointmentServiceId: booked.id }));
        }
        claiming = "client";
        await tx.insert(clientClaims).values(clientClaimsOf(planned, row.clientId, { appointmentClientId: row.id }));
        const [appointment] = await tx
          .update(appointments)
          .set({ startsAt, endsAt, sequence: sql`${appointments.sequence} + 1`, updatedAt: new Date(now) })
          .where(eq(appointments.id, row.appointmentId))
          .returning({ sequence: appointments.sequence });
        await tx
          .update(appointmentClients)
          .set({ updatedAt: new Date(now) })
          .where(eq(appointmentClients.appointmentId, row.appointmentId));
        await scheduleAppointmentJobs(tx, { appointmentClientId: row.id, startsAt, endsAt, now });
        await queueBookingNotice(tx, {
          appointmentClientId: row.id,
          event: "rescheduled",
          sequence: appointment?.sequence ?? 0,
        });
        await options.inTransaction?.last?.(tx);
      }),
    );
  } catch (error) {
    if (sqlState(error) !== "23P01") throw error;
    throw await refusedClaim(request, plan, claiming);
  }
}
