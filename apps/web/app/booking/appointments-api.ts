import type { ErrorObject, ResourceObject } from "@termin/contracts/jsonapi";
import { ApiError, type ApiClient } from "../api/client.ts";
import type { BasketItem } from "./basket.ts";
import type { AppointmentDocument } from "@termin/contracts/booking-resources";

export type BookingAnswer =
  | { booked: true; appointmentId: string; appointmentClientId: string | null }
  | { booked: false; status: number; errors: ErrorObject[] };

/** The client's own place in a new appointment, from the answer's included resources. */
function ownAppointmentClient(included: readonly ResourceObject[] | undefined): string | null {
  return included?.find((resource) => resource.type === "appointment-clients")?.id ?? null;
}

async function answer(call: Promise<AppointmentDocument>): Promise<BookingAnswer> {
  try {
    const document = await call;
    return {
      booked: true,
      appointmentId: document.data.id,
      appointmentClientId: ownAppointmentClient(document.included),
    };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 409 || error.status === 422)) {
      return { booked: false, status: error.status, errors: error.errors };
    }
    throw error;
  }
}

const seatsOf = (items: readonly BasketItem[]) => {
  const seats = items.find((item) => item.seats !== undefined)?.seats;
  return seats === undefined ? {} : { seats_count: seats };
};

/**
 * Books the basket's services as one appointment. `idempotencyKey` is one per checkout attempt (made with
 * the page), so a double submit or a retried request books once.
 */
export function bookAppointment(
  api: ApiClient,
  options: { locationId: string; items: readonly BasketItem[]; note: string; idempotencyKey: string },
): Promise<BookingAnswer> {
  return answer(
    api.post<AppointmentDocument>(
      "appointments",
      {
        data: {
          type: "appointments",
          attributes: {
            client_note: options.note,
            // A class session is booked by the seat: its number, and the session's price and start alone.
            ...seatsOf(options.items),
            services: options.items.map((item) =>
              item.seats === undefined
                ? { service_price_id: item.servicePriceId, employee_id: item.employeeId, starts_at: item.startsAt }
                : { service_price_id: item.servicePriceId, starts_at: item.startsAt },
            ),
          },
          // Which of the business's places (services alone do not say when it has several).
          relationships: { location: { data: { type: "locations", id: options.locationId } } },
        },
      },
      { "Idempotency-Key": options.idempotencyKey },
    ),
  );
}

/** Moves an appointment's services (the same ones, in the same order) to new times. */
export function rescheduleAppointment(
  api: ApiClient,
  appointmentId: string,
  services: ReadonlyArray<{ employeeId: string | null; startsAt: string }>,
): Promise<BookingAnswer> {
  return answer(
    api.patch<AppointmentDocument>(`appointments/${encodeURIComponent(appointmentId)}`, {
      data: {
        type: "appointments",
        id: appointmentId,
        attributes: {
          services: services.map((service) => ({ employee_id: service.employeeId, starts_at: service.startsAt })),
        },
      },
    }),
  );
}
