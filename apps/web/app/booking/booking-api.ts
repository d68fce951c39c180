import type { CollectionDocument, ResourceIdentifier, SingleDocument } from "@termin/contracts/jsonapi";
import { ApiError, type ApiClient } from "../api/client.ts";
import type { BasketItem } from "./basket.ts";
import { refusalReason, type RefusalReason } from "./booking-errors.ts";
import type { AvailableSlotDocument, BookingHoldResource } from "@termin/contracts/booking-resources";

export interface FreeTime {
  startsAt: string;
  endsAt: string;
  /** Who is free then (one id when an employee was asked for). */
  employeeIds: string[];
}

export interface SlotQuery {
  servicePriceId: string;
  locationId: string;
  /** null: any employee. */
  employeeId: string | null;
  dateFrom: string;
  dateTo: string;
  /** Where the client's previous service ends: that start is also offered when free (back to back, off the grid). */
  backToBackAt?: string | null | undefined;
  /** The client's appointment being moved: its own time counts as free (signed-in only). */
  movingAppointmentId?: string | null | undefined;
}

/**
 * Free times of a service at a location between two dates (the location's days). Asked with the client's
 * token when signed in, so the times they hold themselves count as free for them. Never cached: each page
 * load asks again, because these change with every booking.
 */
export async function freeTimes(api: ApiClient, query: SlotQuery): Promise<FreeTime[]> {
  const slots = await api.get<AvailableSlotDocument>("available-slots", {
    "filter[service_price_id]": query.servicePriceId,
    "filter[location_id]": query.locationId,
    ...(query.employeeId ? { "filter[employee_id]": query.employeeId } : {}),
    "filter[date_from]": query.dateFrom,
    "filter[date_to]": query.dateTo,
    ...(query.backToBackAt ? { "filter[back_to_back_at]": query.backToBackAt } : {}),
    ...(query.movingAppointmentId ? { "filter[appointment_id]": query.movingAppointmentId } : {}),
  });
  return slots.data.map((slot) => {
    const employees = slot.relationships?.employees?.data;
    return {
      startsAt: slot.attributes.starts_at,
      endsAt: slot.attributes.ends_at,
      employeeIds: Array.isArray(employees) ? employees.map((employee) => employee.id) : [],
    };
  });
}

export type HoldResult =
  | { held: true; holdId: string; expiresAt: string; endsAt: string; employeeId: string | null }
  | { held: false; reason: RefusalReason | "unavailable" };

const relatedId = (identifier: ResourceIdentifier | ResourceIdentifier[] | null | undefined) =>
  identifier && !Array.isArray(identifier) ? identifier.id : null;

/**
 * Keeps a basket entry's time for the signed-in client for a few minutes (others no longer see it free). The
 * place is always named: with "Any professional" nothing else tells the API which of a business's places.
 */
export async function holdTime(
  api: ApiClient,
  locationId: string,
  item: Pick<BasketItem, "servicePriceId" | "employeeId" | "startsAt" | "seats">,
): Promise<HoldResult> {
  try {
    // Seats in a class session: their number, and no employee (the session's instructor teaches).
    const hold = await api.post<SingleDocument<BookingHoldResource>>("booking-holds", {
      data: {
        type: "booking-holds",
        attributes: { starts_at: item.startsAt, ...(item.seats === undefined ? {} : { seats_count: item.seats }) },
        relationships: {
          servicePrice: { data: { type: "service-prices", id: item.servicePriceId } },
          ...(item.seats === undefined
            ? { employee: { data: item.employeeId ? { type: "employees", id: item.employeeId } : null } }
            : {}),
          location: { data: { type: "locations", id: locationId } },
        },
      },
    });
    const a = hold.data.attributes;
    return {
      held: true,
      holdId: hold.data.id,
      expiresAt: a.expires_at,
      endsAt: a.ends_at,
      employeeId: relatedId(hold.data.relationships?.employee?.data) ?? item.employeeId,
    };
  } catch (error) {
    // Any refusal but slot_taken and overlaps_own_booking (outside the hours, past the notice, a request the API
    // finds wrong) is "invalid", never "taken".
    if (error instanceof ApiError && (error.status === 409 || error.status === 422)) {
      const [first] = error.errors;
      return { held: false, reason: first ? refusalReason(first) : "invalid" };
    }
    // No holds to be had (the API answers without them): the basket still books, only unheld.
    if (error instanceof ApiError && error.status === 404) return { held: false, reason: "unavailable" };
    throw error;
  }
}

const REFUSAL_MESSAGE_KEYS = {
  taken: "booking.timeGone",
  own: "booking.overlapsOwn",
  invalid: "booking.timeNotBookable",
} as const;

/** The catalog key of the page's message for a refused hold: "taken" only when someone else has the time. */
export const refusalMessageKey = (reason: RefusalReason) => REFUSAL_MESSAGE_KEYS[reason];

/** Lets a held time go (a removed basket entry); one already gone is fine. */
export async function releaseHold(api: ApiClient, holdId: string): Promise<void> {
  try {
    await api.delete(`booking-holds/${encodeURIComponent(holdId)}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return;
    throw error;
  }
}

/** A time the signed-in client holds, as the API lists it. */
export interface HeldTime {
  id: string;
  servicePriceId: string;
  employeeId: string | null;
  locationId: string;
  startsAt: string;
  endsAt: string;
  expiresAt: string;
  /** Seats held in a class session (1 for a time). */
  seats: number;
}

/** The signed-in client's live holds, wherever they were taken (another browser too). */
export async function heldTimes(api: ApiClient): Promise<HeldTime[]> {
  try {
    const holds = await api.get<CollectionDocument<BookingHoldResource>>("booking-holds");
    return holds.data.flatMap((hold) => {
      const servicePriceId = relatedId(hold.relationships?.servicePrice?.data);
      const locationId = relatedId(hold.relationships?.location?.data);
      if (!servicePriceId || !locationId) return [];
      const a = hold.attributes;
      return [
        {
          id: hold.id,
          servicePriceId,
          employeeId: relatedId(hold.relationships?.employee?.data),
          locationId,
          startsAt: a.starts_at,
          endsAt: a.ends_at,
          expiresAt: a.expires_at,
          seats: a.seats_count,
        },
      ];
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

/** The signed-in client's live holds: id -> expiry. */
export async function liveHolds(api: ApiClient): Promise<Map<string, string>> {
  return new Map((await heldTimes(api)).map((hold) => [hold.id, hold.expiresAt]));
}
