import { z } from "zod";
import type { JobHandler } from "../../jobs/job-worker.ts";
import { APPOINTMENT_JOB } from "./appointment-jobs.ts";
import { completeAppointment } from "./complete-appointment.ts";
import { notifyOfChange } from "./notify-of-change.ts";
import { remindOfAppointment } from "./remind-of-appointment.ts";
import type { BookingNoticeDependencies } from "./send-booking-notice.ts";

const reminderPayload = z.object({
  appointmentClientId: z.number().int().positive(),
  channel: z.enum(["notification", "mail"]),
});
const noticePayload = z.object({
  appointmentClientId: z.number().int().positive(),
  event: z.enum(["booked", "rescheduled", "cancelled"]),
  channel: z.enum(["notification", "mail"]),
});
const completePayload = z.object({ appointmentClientId: z.number().int().positive() });

/** The job worker's handlers for booking: notices of changes, reminders and completion. */
export function bookingJobHandlers(deps: BookingNoticeDependencies): Record<string, JobHandler> {
  return {
    [APPOINTMENT_JOB.reminder]: async (job) => {
      await remindOfAppointment(deps, reminderPayload.parse(job.payload));
    },
    [APPOINTMENT_JOB.notice]: async (job) => {
      await notifyOfChange(deps, noticePayload.parse(job.payload));
    },
    [APPOINTMENT_JOB.complete]: async (job) => {
      await completeAppointment(deps.db, completePayload.parse(job.payload));
    },
  };
}
