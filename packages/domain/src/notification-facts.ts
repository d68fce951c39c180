/**
 * What a notification is about, kept as a kind and its facts rather than as sentences: the words are written when
 * the notification is shown, in the language of whoever reads it (a page in Bulgarian shows Bulgarian, whatever
 * language the account had when it was sent). A notification without a kind is a message someone wrote in their
 * own words: its stored title and body are shown as they are.
 */

/** The facts of a notice about an appointment, as they were when it was sent. */
export interface AppointmentNoticeFacts {
  /** The appointment client it is about (the action URL opens it). */
  appointmentClientId?: number;
  /** The start, an ISO 8601 instant; written on the place's clock (timeZone, IANA). */
  startsAt: string;
  timeZone: string;
  /** The location's name. */
  place: string;
  /** The names of the services booked, each once, in the order booked. */
  services: string[];
}

/** A seat of a full class freed up and is held for the first client waiting for it. */
export interface WaitlistOfferFacts {
  /** The session's start, an ISO 8601 instant, written on the place's clock (timeZone, IANA). */
  startsAt: string;
  timeZone: string;
  place: string;
  /** The class's name. */
  className: string;
  /** How long the seat is held for them. */
  holdMinutes: number;
}

/** A place's discount on every service: its share as a whole percent (20 for 20 %), written in the reader's way. */
export interface DiscountFacts {
  place: string;
  percent: number;
}

/** Each kind and the facts its words are written from. */
export interface NotificationFactsOf {
  appointment_booked: AppointmentNoticeFacts;
  appointment_rescheduled: AppointmentNoticeFacts;
  appointment_cancelled: AppointmentNoticeFacts;
  appointment_reminder: AppointmentNoticeFacts;
  waitlist_seat_offered: WaitlistOfferFacts;
  /** A business asks the client to fill in a form before a visit. */
  form_requested: { business: string };
  /** After a visit: a review of the place is welcome. */
  review_requested: { place: string };
  /** Places near the client added pictures to the Look Book. */
  looks_added: Record<string, never>;
  /** The first notification of a new account. */
  welcome: { appName: string };
  /** A place takes a share off every service this week, until Sunday. */
  discount_offered: DiscountFacts;
}

export type NotificationKind = keyof NotificationFactsOf;
export type NotificationFacts = NotificationFactsOf[NotificationKind];

export const NOTIFICATION_KINDS = [
  "appointment_booked",
  "appointment_rescheduled",
  "appointment_cancelled",
  "appointment_reminder",
  "waitlist_seat_offered",
  "form_requested",
  "review_requested",
  "looks_added",
  "welcome",
  "discount_offered",
] as const satisfies readonly NotificationKind[];

export const isNotificationKind = (value: unknown): value is NotificationKind =>
  (NOTIFICATION_KINDS as readonly unknown[]).includes(value);
