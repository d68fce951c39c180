import { and, eq, inArray, sql } from "drizzle-orm";
import {
  appointmentClients,
  appointmentServices,
  appointments,
  bookingClaims,
  bookingHolds,
  clientClaims,
} from "@termin/db/booking-schema";
import type { Database } from "@termin/db/database";
import { APPOINTMENT_STATUS } from "@termin/domain/appointment-statuses";
import { LIVE_STATUSES } from "../booking/appointment-resources.ts";
import { cancelAppointmentJobs, queueBookingNotice } from "../booking/notices/appointment-jobs.ts";

/**
 * A class session called off (in the caller's transaction): the session is cancelled and its instructor's and
 * room's claims stop being live; each client with a place there has it cancelled, their own time freed, their
 * reminder and completion dropped, and the cancellation notice queued, as when they cancel themselves. Holds of its
 * seats go. Cancelling a cancelled session changes nothing.
 */
export async function cancelClassSession(tx: Database, appointmentId: number, now: number): Promise<void> {
  const [session] = await tx
    .update(appointments)
    .set({ cancelledAt: new Date(now), sequence: sql`${appointments.sequence} + 1`, updatedAt: new Date(now) })
    .where(and(eq(appointments.id, appointmentId), sql`${appointments.cancelledAt} is null`))
    .returning({ sequence: appointments.sequence });
  if (!session) return;
  const sessionServices = tx
    .select({ id: appointmentServices.id })
    .from(appointmentServices)
    .where(eq(appointmentServices.appointmentId, appointmentId));
  await tx
    .update(bookingClaims)
    .set({ live: false })
    .where(inArray(bookingClaims.appointmentServiceId, sessionServices));
  await tx.delete(bookingHolds).where(eq(bookingHolds.appointmentId, appointmentId));
  const places = await tx
    .update(appointmentClients)
    .set({ statusId: APPOINTMENT_STATUS.cancelled, updatedAt: new Date(now) })
    .where(
      and(eq(appointmentClients.appointmentId, appointmentId), inArray(appointmentClients.statusId, LIVE_STATUSES)),
    )
    .returning({ id: appointmentClients.id });
  for (const place of places) {
    await tx.update(clientClaims).set({ live: false }).where(eq(clientClaims.appointmentClientId, place.id));
    await cancelAppointmentJobs(tx, place.id);
    await queueBookingNotice(tx, { appointmentClientId: place.id, event: "cancelled", sequence: session.sequence });
  }
}
