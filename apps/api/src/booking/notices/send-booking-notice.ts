import type { AppConfig } from "@termin/config/env";
import type { Database } from "@termin/db/database";
import type { MailLog, Mailer } from "../../mail/mailer.ts";
import { DEFAULT_PUSH_LIFETIME_MS, insertNotificationWithPush, type PushTiming } from "../../push/push-jobs.ts";
import { loadAppointmentDetails, type AppointmentDetails } from "./appointment-details.ts";
import type { BookingEvent } from "./booking-notice-texts.ts";
import { composeBookingNotice, type BookingNotice } from "./compose-booking-notice.ts";

/** What sending a booking notice needs from the process. */
export interface BookingNoticeDependencies {
  db: Database;
  mailer: Mailer;
  config: Pick<AppConfig, "publicUrl" | "appName">;
  log: MailLog;
}

/** The two ways a client is told: a notification in the app and an e-mail. */
export type NoticeChannel = "notification" | "mail";
export const NOTICE_CHANNELS: readonly NoticeChannel[] = ["notification", "mail"];

/**
 * The notice of `event` for an appointment client, with the details it was written from; undefined when there is
 * no such appointment client or the client deleted their account (nobody to tell).
 */
export async function prepareBookingNotice(
  deps: Pick<BookingNoticeDependencies, "db" | "config">,
  appointmentClientId: number,
  event: BookingEvent,
): Promise<{ details: AppointmentDetails; notice: BookingNotice } | undefined> {
  const details = await loadAppointmentDetails(deps.db, appointmentClientId);
  if (!details || details.client.deleted) return undefined;
  return { details, notice: composeBookingNotice(details, event, deps.config) };
}

/**
 * How long a booking notice's push is worth delivering (decision 0050): a day, and never past the appointment's
 * start for a booking, a move or a reminder (a cancellation's stays a day).
 */
export function bookingPushTiming(notification: BookingNotice["notification"], now: number): PushTiming {
  const day = now + DEFAULT_PUSH_LIFETIME_MS;
  const startsAt = Date.parse(notification.facts.startsAt);
  const until =
    notification.kind === "appointment_cancelled" || !Number.isFinite(startsAt) ? day : Math.min(day, startsAt);
  return { expiresAt: new Date(until), urgency: "normal" };
}

/** Delivers one channel of a notice (the notification with its push, queued with it); rejects when it fails. */
export async function deliverNotice(
  deps: Pick<BookingNoticeDependencies, "db" | "mailer">,
  notice: BookingNotice,
  channel: NoticeChannel,
): Promise<void> {
  if (channel === "notification") {
    await insertNotificationWithPush(deps.db, notice.notification, bookingPushTiming(notice.notification, Date.now()));
  } else await deps.mailer.send(notice.mail);
}
