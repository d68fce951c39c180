import type { Language } from "@termin/domain/languages";
import type { AppointmentNoticeFacts, NotificationKind } from "@termin/domain/notification-facts";
import type { AppointmentDetails } from "./appointment-details.ts";
import { BOOKING_NOTICE_TEXTS, type BookingEvent } from "./booking-notice-texts.ts";
import { sentence } from "@termin/domain/sentences";
import { formatDateAndTime } from "@termin/domain/time-format";
import { fillText, listNames } from "./format-appointment.ts";

/** The kinds of notification about one appointment: one per booking event. */
export type AppointmentNoticeKind = Extract<NotificationKind, `appointment_${BookingEvent}`>;

/** The notification kind of a booking event: "booked" is "appointment_booked". */
export const noticeKind = (event: BookingEvent): AppointmentNoticeKind => `appointment_${event}`;

export const isAppointmentNoticeKind = (kind: NotificationKind): kind is AppointmentNoticeKind =>
  kind.startsWith("appointment_");

const eventOf = (kind: AppointmentNoticeKind): BookingEvent => kind.slice("appointment_".length) as BookingEvent;

/** What a notice about the appointment says, as facts: the words are written from them when shown. */
export function appointmentNoticeFacts(details: AppointmentDetails): AppointmentNoticeFacts {
  return {
    appointmentClientId: details.appointmentClientId,
    startsAt: details.startsAt.toISOString(),
    timeZone: details.location.timeZone,
    place: details.location.name,
    services: [...new Set(details.services.map((service) => service.name))],
  };
}

/**
 * A notification's title and body in `language`: "Appointment booked" / "Manicure at Studio Nova on Thursday,
 * December 3, 2026 at 12:30 PM." (the start on the place's clock, written by Intl).
 */
export function writeAppointmentNotice(
  kind: AppointmentNoticeKind,
  facts: AppointmentNoticeFacts,
  language: Language,
): { title: string; body: string } {
  const texts = BOOKING_NOTICE_TEXTS[language];
  const values = {
    services: listNames(facts.services, language),
    place: facts.place,
    when: formatDateAndTime(new Date(facts.startsAt), language, facts.timeZone),
  };
  return { title: texts.events[eventOf(kind)].title, body: sentence(fillText(texts.appointment, values, language)) };
}
