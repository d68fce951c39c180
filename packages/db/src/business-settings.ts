/**
 * What `businesses.settings` holds (camelCase keys, all optional: a business sets only what it changes).
 * Some are public booking rules clients show and obey; the rest are the business's own (docs/decisions/0013).
 */
export interface BusinessSettings {
  // Public: the booking rules a visitor meets.
  onlineBooking?: boolean;
  cancellationNoticeHours?: number;
  bookingLeadTimeMinutes?: number;
  bookingHorizonDays?: number;
  /** Minutes between bookable start times, aligned to the hour (15: 09:00, 09:15...). */
  slotStepMinutes?: number;
  /** Seats one booking may take in a class session (default 4). */
  maxSeatsPerBooking?: number;
  /** Minutes an unpaid booking that asks for a payment is kept before it is released (default 30). */
  unpaidReleaseMinutes?: number;
  /** The business's colour (`#rrggbb`) for buttons and links on its own site and widget; dark enough for white text. */
  brandColor?: string;
  // Private: internal terms and switches of the business, never sent to clients.
  defaultCommission?: { type: "percent" | "fixed"; value: number };
  smsReminderHoursBefore?: number;
  invoicePrefix?: string;
}
