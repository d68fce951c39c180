import type { SettingsAttributes, SettingsResource } from "@termin/contracts/catalogue-resources";
import type { BusinessSettings } from "@termin/db/business-settings";

/** What a business that never changed a setting gets (docs/decisions/0013). */
export const DEFAULT_PUBLIC_SETTINGS: SettingsAttributes = {
  online_booking_enabled: true,
  cancellation_notice_hours: 24,
  booking_lead_time_minutes: 60,
  booking_horizon_days: 60,
  max_seats_per_booking: 4,
  unpaid_release_minutes: 30,
};

export const settingsAttributes = Object.keys(DEFAULT_PUBLIC_SETTINGS) as Array<keyof SettingsAttributes>;

const wholeNumber = (value: unknown, fallback: number) =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : fallback;

const positiveNumber = (value: unknown, fallback: number) => {
  const whole = wholeNumber(value, fallback);
  return whole > 0 ? whole : fallback;
};

/**
 * The public part of a business's settings, picked key by key (an allow-list: a new private setting can
 * never leak); a missing or malformed value falls back to the default. The stored jsonb is not trusted.
 */
export function toSettingsResource(row: { id: number; settings: BusinessSettings }): SettingsResource {
  const stored = row.settings;
  const defaults = DEFAULT_PUBLIC_SETTINGS;
  return {
    type: "settings",
    id: String(row.id),
    attributes: {
      online_booking_enabled:
        typeof stored.onlineBooking === "boolean" ? stored.onlineBooking : defaults.online_booking_enabled,
      cancellation_notice_hours: wholeNumber(stored.cancellationNoticeHours, defaults.cancellation_notice_hours),
      booking_lead_time_minutes: wholeNumber(stored.bookingLeadTimeMinutes, defaults.booking_lead_time_minutes),
      booking_horizon_days: wholeNumber(stored.bookingHorizonDays, defaults.booking_horizon_days),
      max_seats_per_booking: positiveNumber(stored.maxSeatsPerBooking, defaults.max_seats_per_booking),
      unpaid_release_minutes: positiveNumber(stored.unpaidReleaseMinutes, defaults.unpaid_release_minutes),
    },
    relationships: { business: { data: { type: "businesses", id: String(row.id) } } },
    links: { self: `/v1c/settings/${row.id}` },
  };
}
