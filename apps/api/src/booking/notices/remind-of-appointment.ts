import { APPOINTMENT_STATUS } from "@termin/domain/appointment-statuses";
import {
  deliverNotice,
  prepareBookingNotice,
  type BookingNoticeDependencies,
  type NoticeChannel,
} from "./send-booking-notice.ts";

/** Statuses whose appointment still takes place: cancelled, completed and no-show ones get no reminder. */
const STILL_ON: readonly number[] = [
  APPOINTMENT_STATUS.new,
  APPOINTMENT_STATUS.confirmed,
  APPOINTMENT_STATUS.pendingPayment,
];

/**
 * A reminder job's work: one channel of the `reminder` notice, written by the same code as every booking notice.
 * Skipped (the job is done) when the appointment was cancelled or has already started (the reminder fell due
 * while no server ran and the time has passed), or the account is gone. Rejects when delivery fails, so the job
 * is retried.
 */
export async function remindOfAppointment(
  deps: BookingNoticeDependencies,
  options: { appointmentClientId: number; channel: NoticeChannel; now?: number },
): Promise<"sent" | "skipped"> {
  const { appointmentClientId, channel } = options;
  const context = { appointmentClientId, channel };
  const prepared = await prepareBookingNotice(deps, appointmentClientId, "reminder");
  if (!prepared) {
    deps.log.info(context, "Reminder skipped: no such appointment client, or the account was deleted");
    return "skipped";
  }
  const { details, notice } = prepared;
  if (!STILL_ON.includes(details.statusId)) {
    deps.log.info({ ...context, statusId: details.statusId }, "Reminder skipped: the appointment is not on any more");
    return "skipped";
  }
  if (details.startsAt.getTime() <= (options.now ?? Date.now())) {
    deps.log.info(context, "Reminder skipped: the appointment has already started");
    return "skipped";
  }
  await deliverNotice(deps, notice, channel);
  return "sent";
}
