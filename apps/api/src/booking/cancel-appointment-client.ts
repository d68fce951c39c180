import { and, eq, inArray, sql } from "drizzle-orm";
import {
  appointmentClients,
  appointmentServices,
  appointments,
  bookingClaims,
  clientClaims,
} from "@termin/db/booking-schema";
import type { Database } from "@termin/db/database";
import { APPOINTMENT_STATUS } from "@termin/domain/appointment-statuses";
import { cancellationDeadline } from "@termin/domain/booking/cancellation";
import { formatZonedIso } from "@termin/domain/booking/local-time";
import { AppError } from "../http/app-error.ts";
import type { TransactionSteps } from "../http/idempotency.ts";
import { cancellableUntil, LIVE_STATUSES, type AppointmentClientRow } from "./appointment-resources.ts";
import { cancelAppointmentJobs, queueBookingNotice } from "./notices/appointment-jobs.ts";

/**
 * A client cancels their appointment: allowed while new or confirmed and until the business's cancellation notice
 * before the start. The status, the claims (no longer live, so the time is free again) and the calendar sequence
 * change in one transaction. Cancelling a cancelled appointment again changes nothing.
 */
export async function cancelAppointmentClient(options: {
  db: Database;
  row: AppointmentClientRow;
  statusId: number;
  now: number;
  /** Steps of the caller's inside the cancellation's transaction (idempotency). */
  inTransaction?: TransactionSteps<void>;
}): Promise<void> {
  const { db, row, now } = options;
  if (options.statusId !== APPOINTMENT_STATUS.cancelled) {
    throw new AppError("invalid_body", `A client may only cancel: set the status to ${APPOINTMENT_STATUS.cancelled}.`, {
      pointer: "/data/relationships/status/data/id",
    });
  }
  if (row.statusId === APPOINTMENT_STATUS.cancelled) return;
  if (cancellableUntil(row, now) === null) {
    const deadline = new Date(cancellationDeadline(row.startsAt.getTime(), row.cancellationNoticeHours));
    const detail =
      row.statusId === APPOINTMENT_STATUS.new || row.statusId === APPOINTMENT_STATUS.confirmed
        ? `Cancelling online was possible until ${formatZonedIso(deadline.getTime(), row.timeZone)} (${row.cancellationNoticeHours} hours before the start). Please call the place.`
        : "This appointment can no longer be cancelled.";
    throw new AppError("invalid_body", detail, { pointer: "/data/relationships/status" });
  }
  await db.transaction(async (tx) => {
    await options.inTransaction?.first?.(tx);
    // Only from a live status, checked by the update itself: a move or another cancel racing this one sees it.
    const [cancelled] = await tx
      .update(appointmentClients)
      .set({ statusId: APPOINTMENT_STATUS.cancelled, updatedAt: new Date(now) })
      .where(and(eq(appointmentClients.id, row.id), inArray(appointmentClients.statusId, LIVE_STATUSES)))
      .returning({ id: appointmentClients.id });
    if (cancelled) await freeTheTime(tx, row, now);
    await options.inTransaction?.last?.(tx);
  });
}

/** A cancellation's consequences: the claims no longer live, the calendar sequence up, the jobs and the notice. */
async function freeTheTime(tx: Database, row: AppointmentClientRow, now: number): Promise<void> {
  const services = tx
    .select({ id: appointmentServices.id })
    .from(appointmentServices)
    .where(eq(appointmentServices.appointmentId, row.appointmentId));
  await tx.update(bookingClaims).set({ live: false }).where(inArray(bookingClaims.appointmentServiceId, services));
  await tx.update(clientClaims).set({ live: false }).where(eq(clientClaims.appointmentClientId, row.id));
  const [appointment] = await tx
    .update(appointments)
    .set({ sequence: sql`${appointments.sequence} + 1`, updatedAt: new Date(now) })
    .where(eq(appointments.id, row.appointmentId))
    .returning({ sequence: appointments.sequence });
  await cancelAppointmentJobs(tx, row.id);
  await queueBookingNotice(tx, {
    appointmentClientId: row.id,
    event: "cancelled",
    sequence: appointment?.sequence ?? 0,
  });
}
