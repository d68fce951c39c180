import type { CollectionDocument, PageMeta, ResourceObject, SingleDocument } from "./jsonapi.ts";

// The booking API's resources: what its serializers answer (apps/api/src/booking) and what the web app, the native
// app and the widget read.

/** `available-slots`: a free start time; id = starts_at. */
export interface AvailableSlotAttributes {
  starts_at: string;
  ends_at: string;
}
export type AvailableSlotResource = ResourceObject<"available-slots", AvailableSlotAttributes>;
export type AvailableSlotDocument = Omit<CollectionDocument<AvailableSlotResource>, "meta"> & {
  /** online_booking false: the business takes bookings by phone only (no times, and that is why). */
  meta: { time_zone: string; date_from: string; date_to: string; total: number; online_booking: boolean };
};

/** `booking-holds`: a time kept for the signed-in client for a few minutes. */
export interface BookingHoldAttributes {
  starts_at: string;
  ends_at: string;
  expires_at: string;
  /** Seats held in a class session; 1 for an appointment's time. */
  seats_count: number;
}
export type BookingHoldResource = ResourceObject<"booking-holds", BookingHoldAttributes>;

/** `appointments`: one visit; `appointment-services` are its services. */
export interface AppointmentAttributes {
  starts_at: string;
  ends_at: string;
  /** Seats of a class session, shared with other clients; null for an appointment of one client. */
  capacity: number | null;
}
export type AppointmentResource = ResourceObject<"appointments", AppointmentAttributes>;

export interface AppointmentServiceAttributes {
  starts_at: string;
  ends_at: string;
  price_minor: number;
  currency: string;
  service_name: string;
  variant_name: string | null;
}
export type AppointmentServiceResource = ResourceObject<"appointment-services", AppointmentServiceAttributes>;

/** `appointment-clients`: the client's own place in an appointment, with its status and total. */
export interface AppointmentClientAttributes {
  client_note: string | null;
  /** In the currency's minor units. */
  total_amount: number;
  currency: string;
  seats_count: number;
  created_at: string;
  starts_at: string;
  ends_at: string;
  /** Until when the client may cancel; null when no longer. */
  cancellable_until: string | null;
  ics_download_link: string;
}
export type AppointmentClientResource = ResourceObject<"appointment-clients", AppointmentClientAttributes>;
export type AppointmentClientCollection = CollectionDocument<AppointmentClientResource> & { meta: PageMeta };
export type AppointmentClientDocument = SingleDocument<AppointmentClientResource>;

export interface AppointmentStatusAttributes {
  name: string;
  order_index?: number;
}
export type AppointmentStatusResource = ResourceObject<"appointment-statuses", AppointmentStatusAttributes>;

export type AppointmentDocument = SingleDocument<AppointmentResource>;
