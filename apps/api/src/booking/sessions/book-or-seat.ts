import { refusal } from "../../http/refusal.ts";
import type { TransactionSteps } from "../../http/idempotency.ts";
import type { HoldRow } from "../booking-holds.ts";
import { holdTime } from "../booking-holds.ts";
import { createAppointment, type CreateAppointmentOptions } from "../create-appointment.ts";
import type { PointerOf, RequestedService } from "../plan-booking.ts";
import { bookSeats } from "./book-seats.ts";
import { classPrices } from "./find-session.ts";
import { holdSeats } from "./hold-seats.ts";
import type { Database } from "@termin/db/database";

/** Where a body says how many seats. */
export const SEATS_POINTER = "/data/attributes/seats_count";

interface BookingRequest {
  db: Database;
  clientId: string;
  locationId?: number | undefined;
  services: RequestedService[];
  /** As the body gives it: absent means one. */
  seatsCount: number | undefined;
  now: number;
  pointer: PointerOf;
}

/**
 * Whether a request books seats in a class session: its one service is a class's. A class is booked alone (422
 * `class_books_alone` beside other services) and only classes have seats (422 `seats_only_for_classes`).
 */
async function seatsOf(request: BookingRequest): Promise<RequestedService | null> {
  const classes = await classPrices(
    request.db,
    request.services.map((service) => service.servicePriceId),
  );
  const [first] = request.services;
  if (classes.size === 0 || !first) {
    if ((request.seatsCount ?? 1) !== 1) throw refusal("seats_only_for_classes", { pointer: SEATS_POINTER });
    return null;
  }
  if (request.services.length > 1) throw refusal("class_books_alone", { pointer: request.pointer(1) });
  return first;
}

const seatRequest = <T extends BookingRequest>(request: T, service: RequestedService) => ({
  ...request,
  servicePriceId: service.servicePriceId,
  employeeId: service.employeeId,
  start: service.start,
  seatsCount: request.seatsCount ?? 1,
  seatsPointer: SEATS_POINTER,
});

/** `POST /appointments`: seats in a class session, or an appointment of one or more services. */
export async function book(
  request: BookingRequest &
    Pick<CreateAppointmentOptions, "clientNote" | "siteOrigin"> & { inTransaction?: TransactionSteps<number> },
): Promise<number> {
  const seats = await seatsOf(request);
  return seats ? bookSeats(seatRequest(request, seats)) : createAppointment(request);
}

/** `POST /booking-holds`: seats in a class session, or a time for a service. */
export async function hold(request: BookingRequest & { inTransaction?: TransactionSteps<HoldRow> }): Promise<HoldRow> {
  const seats = await seatsOf(request);
  if (seats) return holdSeats(seatRequest(request, seats));
  const [service] = request.services;
  if (!service) throw new Error("a hold holds one service");
  return holdTime({ ...request, ...service });
}
