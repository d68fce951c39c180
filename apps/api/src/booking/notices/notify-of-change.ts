import type { BookingEvent } from "./booking-notice-texts.ts";
import {
  deliverNotice,
  prepareBookingNotice,
  type BookingNoticeDependencies,
  type NoticeChannel,
} from "./send-booking-notice.ts";

/**
 * A queued notice's work: one channel of the notice of a booking, move or cancellation, written from the
 * appointment as it is now. Skipped when the account is gone; rejects when delivery fails, so the job is retried.
 */
export async function notifyOfChange(
  deps: BookingNoticeDependencies,
  options: { appointmentClientId: number; event: BookingEvent; channel: NoticeChannel },
): Promise<"sent" | "skipped"> {
  const { appointmentClientId, event, channel } = options;
  const prepared = await prepareBookingNotice(deps, appointmentClientId, event);
  if (!prepared) {
    deps.log.info(
      { appointmentClientId, event, channel },
      "Notice skipped: no such appointment client, or the account was deleted",
    );
    return "skipped";
  }
  await deliverNotice(deps, prepared.notice, channel);
  return "sent";
}
