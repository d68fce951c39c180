import { sql } from "drizzle-orm";
import type { Database } from "@termin/db/database";
import { rawRows } from "@termin/db/raw-rows";
import { bookingWindowReason } from "@termin/domain/booking/check-start";
import { AppError } from "../../http/app-error.ts";
import { refusal } from "../../http/refusal.ts";
import { invalidStart } from "../booking-checks.ts";
import { ownBookings, overlapsOwnBooking } from "../client-time.ts";
import { loadBookingContext, type BookingContext } from "../load-availability.ts";
import type { PointerOf } from "../plan-booking.ts";
import { findSessions, type SessionRow } from "./find-session.ts";

/** Seats a client asks for in a class session: the session's service price and start, and how many. */
export interface SeatRequest {
  db: Database;
  clientId: string;
  servicePriceId: number;
  /** The instructor the client named, if any: it must be the session's. */
  employeeId: number | null;
  start: number;
  locationId?: number | undefined;
  seatsCount: number;
  now: number;
  pointer: PointerOf;
  /** Where the body says how many seats. */
  seatsPointer: string;
}

/** What a seat write will take: the session, its booking rules, and the client's own hold of seats in it. */
export interface SeatPlan {
  session: SessionRow;
  context: BookingContext;
  /** The client's live holds of seats in this session: the write takes them over, their seats are the client's. */
  ownHoldIds: number[];
  ownHeldSeats: number;
}

/** The 409 `not_enough_seats` for more seats than a session has left, saying how many are. */
export function notEnoughSeats(pointer: string, seatsLeft: number): AppError {
  const detail =
    seatsLeft === 0
      ? { key: "session_full" as const }
      : { key: "not_enough_seats" as const, values: { count: seatsLeft } };
  return new AppError(
    "not_enough_seats",
    detail,
    { pointer },
    {},
    { reason: "not_enough_seats", seats_left: seatsLeft },
  );
}

async function ownSeatHolds(request: SeatRequest, appointmentId: number) {
  return rawRows<{ id: number; seats_count: number }>(
    request.db,
    sql`select id, seats_count from booking_holds
        where client_id = ${request.clientId} and appointment_id = ${appointmentId}
          and expires_at > ${new Date(request.now)}`,
  );
}

/**
 * Checks seats asked for in a class session without writing: the session exists at that start (422 otherwise),
 * booking it is open (online, within the notice and window), the seats are within the business's per-booking
 * maximum, the client has no other booking then, and enough seats seem left (409 with how many). The seats'
 * trigger and check decide for good in the writer's transaction: this only words the refusal before it.
 */
export async function planSeats(request: SeatRequest): Promise<SeatPlan> {
  const { pointer } = request;
  const sessions = await findSessions(request.db, request);
  const [session] = sessions;
  if (!session) throw refusal("no_such_session", { pointer: pointer(0, "starts_at") });
  if (sessions.length > 1) throw refusal("location_required", { pointer: pointer(0, "location") });
  const context = await loadBookingContext(request.db, session.servicePriceId, session.locationId);
  if (!context.rules.onlineBooking) throw refusal("no_online_booking", { pointer: pointer(0) });
  const outsideWindow = bookingWindowReason(session.startsAt, request.now, context.rules.engine);
  if (outsideWindow) throw invalidStart(outsideWindow, context, pointer(0, "starts_at"));
  if (request.employeeId !== null && request.employeeId !== session.employeeId) {
    throw refusal("employee_does_not_perform", { pointer: pointer(0, "employee_id") });
  }
  const limit = context.rules.maxSeatsPerBooking;
  if (request.seatsCount > limit) {
    throw refusal("too_many_seats", { pointer: request.seatsPointer }, { limit }, { limit });
  }
  const holds = await ownSeatHolds(request, session.appointmentId);
  const ownHoldIds = holds.map((hold) => hold.id);
  const ownHeldSeats = holds.reduce((sum, hold) => sum + hold.seats_count, 0);
  const [booked] = await ownBookings(
    request.db,
    request.clientId,
    { start: session.startsAt, end: session.endsAt },
    request.now,
    { holdIds: ownHoldIds },
  );
  if (booked) throw overlapsOwnBooking(pointer(0), booked);
  if (session.seatsLeft + ownHeldSeats < request.seatsCount) {
    throw notEnoughSeats(request.seatsPointer, session.seatsLeft + ownHeldSeats);
  }
  return { session, context, ownHoldIds, ownHeldSeats };
}
