import type { BusinessSettings } from "../../business-settings.ts";
import type { ResourceKind, ResourceNames } from "./demo-data-types.ts";
import type { Random } from "./random.ts";
import type { Language } from "@termin/domain/languages";

/** What a business of each type books besides staff: the chair, the room, the hall. */
const RESOURCE_KIND_BY_TYPE: Record<string, ResourceKind> = {
  "hair-salon": "chair",
  barbershop: "chair",
  "nail-salon": "station",
  "beauty-salon": "room",
  spa: "room",
  "massage-studio": "room",
  "yoga-studio": "hall",
  "fitness-studio": "hall",
};

/** Realistic booking rules per business; gyms and studios take bookings closer to the hour than spas. */
export function generateBusinessSettings(type: string, businessId: number, random: Random): BusinessSettings {
  const classes = type === "yoga-studio" || type === "fitness-studio";
  return {
    onlineBooking: random.chance(0.9),
    cancellationNoticeHours: classes ? random.pick([2, 4]) : random.pick([12, 24, 24, 48]),
    bookingLeadTimeMinutes: classes ? random.pick([0, 15, 30]) : random.pick([30, 60, 120]),
    bookingHorizonDays: random.pick([30, 60, 90]),
    defaultCommission: { type: "percent", value: random.pick([30, 35, 40, 45, 50]) },
    smsReminderHoursBefore: random.pick([2, 24]),
    invoicePrefix: `T${businessId}-`,
    // By id, not drawn: the random stream (and every value drawn after it) stays as it was.
    brandColor: DEMO_BRAND_COLORS[businessId % DEMO_BRAND_COLORS.length],
  };
}

/** Brand colours of the demo businesses, each with white text at a contrast of at least 4.5:1 (WCAG AA). */
export const DEMO_BRAND_COLORS = [
  "#7a2e8f",
  "#1d4ed8",
  "#b42318",
  "#8a4b08",
  "#0e6b7d",
  "#5b3fa3",
  "#9d174d",
  "#0f5c4d",
];

/** The numbered bookable resources of one location, named in the local language ("Кабинет 2"), with their kind. */
export function generateResources(
  type: string,
  language: Language,
  names: ResourceNames,
  random: Random,
): Array<{ name: string; kind: ResourceKind }> {
  const kind = RESOURCE_KIND_BY_TYPE[type] ?? "chair";
  const count = kind === "hall" ? random.int(1, 2) : random.int(2, 5);
  return Array.from({ length: count }, (_, index) => ({ name: `${names[language][kind]} ${index + 1}`, kind }));
}
