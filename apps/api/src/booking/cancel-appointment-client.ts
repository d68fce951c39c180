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
import type { TransactionSteps } from "../http/idempotency.ts";
import { refusal } from "../http/refusal.ts";
import type { MessageValues } from "../i18n/translate.ts";
import { cancellableUntil, LIVE_STATUSES, type AppointmentClientRow } from "./appointment-resources.ts";
import { cancelAppointmentJobs, queueBookingNotice } from "./notices/appointment-jobs.ts";
import { unsettleBooking } from "./settle-booking.ts";
import { scheduleWaitlistOffer } from "./waitlist/waitlist-jobs.ts";

/**
 * What a refusal for a passed deadline quotes: the deadline in the place's time and the notice (message values),
 * and for apps, the deadline as ISO 8601 with the place's offset and the notice in hours (meta).
 */
export function pastDeadline(
  deadline: number,
  noticeHours: number,
  timeZone: string,
): [MessageValues, Record<string, unknown>] {
  return [
    { deadline: { instant: deadline, timeZone }, notice: { quantity: noticeHours, unit: "hour" } },
    { deadline: formatZonedIso(deadline, timeZone), notice_hours: noticeHours },
  ];
}

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
    throw refusal(
      "only_cancel_allowed",
      { pointer: "/data/relationships/status/data/id" },
      {},
      { status_id: String(APPOINTMENT_STATUS.cancelled) },
    );
  }
  if (row.statusId === APPOINTMENT_STATUS.cancelled) return;
  if (cancellableUntil(row, now) === null) {
    const pointer = { pointer: "/data/relationships/status" };
    if (!LIVE_STATUSES.includes(row.statusId)) {
      throw refusal("not_cancellable", pointer);
    }
    const deadline = cancellationDeadline(row.startsAt.getTime(), row.cancellationNoticeHours);
    throw refusal("too_late_to_cancel", pointer, ...pastDeadline(deadline, row.cancellationNoticeHours, row.timeZone));
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

/**
 * A cancellation's consequences: the claims no longer live, the calendar sequence up, the jobs and the notice, and
 * an unpaid payment link released. Also the release of a booking left unpaid (payments/release-unpaid.ts).
 */
export async function freeTheTime(tx: Database, row: AppointmentClientRow, now: number): Promise<void> {
  // A class session's instructor and room stay taken for its other clients: only this client's seats (freed by
  // the status change's trigger) and own time go.
  if (row.capacity === null) {
    const services = tx
      .select({ id: appointmentServices.id })
      .from(appointmentServices)
      .where(eq(appointmentServices.appointmentId, row.appointmentId));
    await tx.update(bookingClaims).set({ live: false }).where(inArray(bookingClaims.appointmentServiceId, services));
  } else {
    await scheduleWaitlistOffer(tx, {
      appointmentId: row.appointmentId,
      cause: `cancelled:${row.id}`,
      runAt: new Date(now),
    });
  }
  await tx.update(clientClaims).set({ live: false }).where(eq(clientClaims.appointmentClientId, row.id));
  const [appointment] = await tx
    .update(appointments)
    .set({ sequence: sql`${appointments.sequence} + 1`, updatedAt: new Date(now) })
    .where(eq(appointments.id, row.appointmentId))
    .returning({ sequence: appointments.sequence });
  await cancelAppointmentJobs(tx, row.id);
  await unsettleBooking(tx, row, now);
  await queueBookingNotice(tx, {
    appointmentClientId: row.id,
    event: "cancelled",
    sequence: appointment?.sequence ?? 0,
  });
}
