import type { Database } from "@termin/db/database";
import { cancelJob, scheduleJob } from "../../jobs/scheduled-jobs.ts";
import type { BookingEvent } from "./booking-notice-texts.ts";
import { NOTICE_CHANNELS, type NoticeChannel } from "./send-booking-notice.ts";

/** The kinds of an appointment's scheduled jobs (scheduled_jobs.kind). */
export const APPOINTMENT_JOB = {
  /** Payload { appointmentClientId, channel, startsAt }: one job per channel, so a failing mail server retries the mail alone. */
  reminder: "appointment.reminder",
  /** Payload { appointmentClientId, endsAt }: new or confirmed becomes completed once the appointment has ended. */
  complete: "appointment.complete",
  /** Payload { appointmentClientId, event, channel }: the notice of a booking, move or cancellation, sent at once. */
  notice: "appointment.notice",
} as const;

/** How long before the start the reminder goes out. */
export const REMINDER_LEAD_MS = 24 * 3_600_000;

export const reminderJobKey = (appointmentClientId: number, channel: NoticeChannel) =>
  `appointment-client:${appointmentClientId}:reminder:${channel}`;
export const completeJobKey = (appointmentClientId: number) => `appointment-client:${appointmentClientId}:complete`;

/**
 * Schedules an appointment client's jobs in the booking's (or the reschedule's) transaction: the reminder 24 hours
 * before the start when the start is more than 24 hours away (otherwise none, and a reminder of the old time is
 * dropped), and the completion at the end. Calling it again with the same times changes nothing; with new times it
 * moves the jobs.
 */
export async function scheduleAppointmentJobs(
  tx: Database,
  options: { appointmentClientId: number; startsAt: Date; endsAt: Date; now?: number },
): Promise<void> {
  const { appointmentClientId, startsAt, endsAt } = options;
  const remindAt = startsAt.getTime() - REMINDER_LEAD_MS;
  for (const channel of NOTICE_CHANNELS) {
    const key = reminderJobKey(appointmentClientId, channel);
    if (remindAt > (options.now ?? Date.now())) {
      await scheduleJob(tx, {
        kind: APPOINTMENT_JOB.reminder,
        key,
        runAt: new Date(remindAt),
        payload: { appointmentClientId, channel, startsAt: startsAt.toISOString() },
      });
    } else {
      await cancelJob(tx, key);
    }
  }
  await scheduleJob(tx, {
    kind: APPOINTMENT_JOB.complete,
    key: completeJobKey(appointmentClientId),
    runAt: endsAt,
    payload: { appointmentClientId, endsAt: endsAt.toISOString() },
  });
}

/** Drops an appointment client's reminder and completion that have not run yet (in the cancellation's transaction). */
export async function cancelAppointmentJobs(tx: Database, appointmentClientId: number): Promise<void> {
  for (const channel of NOTICE_CHANNELS) await cancelJob(tx, reminderJobKey(appointmentClientId, channel));
  await cancelJob(tx, completeJobKey(appointmentClientId));
}

/**
 * Queues the notice of a change (booked, rescheduled, cancelled) in the transaction that makes it: the job table is
 * the outbox, so the client is told exactly when the change committed, even if the process stops right after, and
 * the request does not wait for the mail server. `sequence` (the appointment's calendar sequence after the change)
 * keeps the notices of two moves apart.
 */
export async function queueBookingNotice(
  tx: Database,
  options: { appointmentClientId: number; event: Exclude<BookingEvent, "reminder">; sequence: number },
): Promise<void> {
  const { appointmentClientId, event, sequence } = options;
  for (const channel of NOTICE_CHANNELS) {
    await scheduleJob(tx, {
      kind: APPOINTMENT_JOB.notice,
      key: `appointment-client:${appointmentClientId}:${event}:${sequence}:${channel}`,
      runAt: new Date(),
      payload: { appointmentClientId, event, channel },
    });
  }
}
