import { and, eq, inArray, sql } from "drizzle-orm";
import { appointmentClients, appointments } from "@termin/db/booking-schema";
import type { Database } from "@termin/db/database";
import { APPOINTMENT_STATUS } from "@termin/domain/appointment-statuses";
import { scheduleJob } from "../../jobs/scheduled-jobs.ts";
import { APPOINTMENT_JOB, completeJobKey } from "./appointment-jobs.ts";

/**
 * The completion job's work, at the appointment's end: a new or confirmed appointment client becomes completed,
 * which is what lets the client review it. Cancelled, no-show (the business may still mark one later, from
 * completed) and pending-payment ones stay as they are. An appointment that now ends later than the job was
 * scheduled for (moved without moving its jobs) gets the job again at its new end.
 */
export async function completeAppointment(
  db: Database,
  options: { appointmentClientId: number; now?: number },
): Promise<"completed" | "unchanged" | "moved"> {
  const { appointmentClientId } = options;
  const [row] = await db
    .select({ endsAt: appointments.endsAt })
    .from(appointmentClients)
    .innerJoin(appointments, eq(appointments.id, appointmentClients.appointmentId))
    .where(eq(appointmentClients.id, appointmentClientId));
  if (!row) return "unchanged";
  if (row.endsAt.getTime() > (options.now ?? Date.now())) {
    await scheduleJob(db, {
      kind: APPOINTMENT_JOB.complete,
      key: completeJobKey(appointmentClientId),
      runAt: row.endsAt,
      payload: { appointmentClientId, endsAt: row.endsAt.toISOString() },
    });
    return "moved";
  }
  const completed = await db
    .update(appointmentClients)
    .set({ statusId: APPOINTMENT_STATUS.completed, updatedAt: sql`now()` })
    .where(
      and(
        eq(appointmentClients.id, appointmentClientId),
        inArray(appointmentClients.statusId, [APPOINTMENT_STATUS.new, APPOINTMENT_STATUS.confirmed]),
      ),
    )
    .returning({ id: appointmentClients.id });
  return completed.length > 0 ? "completed" : "unchanged";
}
