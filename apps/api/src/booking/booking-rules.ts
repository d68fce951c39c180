import type { BusinessSettings } from "@termin/db/business-settings";
import type { BookingRules } from "@termin/domain/booking/types";
import { toSettingsResource } from "../resources/settings/public-settings.ts";

/** Steps a business may choose: each divides an hour, so starts stay aligned to the hour. */
const SLOT_STEPS = [5, 10, 15, 20, 30, 60];
const DEFAULT_SLOT_STEP = 15;

export interface BookingRulesOfBusiness {
  engine: BookingRules;
  cancellationNoticeHours: number;
  onlineBooking: boolean;
  /** Seats one booking may take in a class session. */
  maxSeatsPerBooking: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
}

/** A business's booking rules, read from its stored settings through the same defaults the public settings show. */
export function bookingRulesOf(
  settings: BusinessSettings,
  bufferBeforeMinutes: number,
  bufferAfterMinutes: number,
): BookingRulesOfBusiness {
  const { attributes } = toSettingsResource({ id: 0, settings });
  const step = SLOT_STEPS.includes(settings.slotStepMinutes ?? 0) ? settings.slotStepMinutes : DEFAULT_SLOT_STEP;
  return {
    engine: {
      leadTimeMinutes: attributes.booking_lead_time_minutes,
      horizonDays: attributes.booking_horizon_days,
      stepMinutes: step ?? DEFAULT_SLOT_STEP,
    },
    cancellationNoticeHours: attributes.cancellation_notice_hours,
    onlineBooking: attributes.online_booking_enabled,
    maxSeatsPerBooking: attributes.max_seats_per_booking,
    bufferBeforeMinutes,
    bufferAfterMinutes,
  };
}
