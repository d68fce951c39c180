import { randomBytes } from "node:crypto";
import { and, eq, inArray, lte } from "drizzle-orm";
import { appointmentClients, bookingHolds, clientClaims } from "@termin/db/booking-schema";
import type { Database } from "@termin/db/database";
import { waitlistEntries } from "@termin/db/waitlist-schema";
import { sqlState } from "../../http/database-errors.ts";
import type { TransactionSteps } from "../../http/idempotency.ts";
import { retryTransaction } from "../../http/retry-transaction.ts";
import { asClaimRange, ownBookings, overlapsOwnBooking, releaseExpiredOwnHolds } from "../client-time.ts";
import { scheduleAppointmentJobs } from "../notices/appointment-jobs.ts";
import { announceBooking, settleBooking } from "../settle-booking.ts";
import type { PlannedService } from "../plan-booking.ts";
import type { CreateAppointmentOptions } from "../create-appointment.ts";
import { seatsLeftIn } from "./find-session.ts";
import { notEnoughSeats, planSeats, type SeatPlan, type SeatRequest } from "./plan-seats.ts";

/** The check that caps a session's seats (migration 0014): its violation means the seats went meanwhile. */
export const SEATS_CHECK = "appointments_seats_within_capacity";

const violatedConstraint = (error: unknown): string | undefined => {
  for (let current = error, hops = 0; current && hops < 3; hops++) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === "string") return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
};

/** Whether a write was refused because the session's seats ran out (the capacity check). */
export const seatsRanOut = (error: unknown) => sqlState(error) === "23514" && violatedConstraint(error) === SEATS_CHECK;

/** The session's service as booking plans it, for the settlement (price, currency, the business's rules). */
export const sessionService = (plan: SeatPlan): PlannedService => ({
  index: 0,
  context: plan.context,
  employeeId: plan.session.employeeId,
  start: plan.session.startsAt,
  end: plan.session.endsAt,
  resourceIds: [],
});

/**
 * In a seat writer's transaction, before it takes seats: the session's expired holds go (their seats return by the
 * trigger), and the client's own live holds of seats in it, which the write takes over.
 */
export async function releaseSessionHolds(tx: Database, plan: SeatPlan, clientId: string, now: number) {
  const { appointmentId } = plan.session;
  await tx
    .delete(bookingHolds)
    .where(and(eq(bookingHolds.appointmentId, appointmentId), lte(bookingHolds.expiresAt, new Date(now))));
  if (plan.ownHoldIds.length > 0) {
    await tx
      .delete(bookingHolds)
      .where(and(eq(bookingHolds.clientId, clientId), inArray(bookingHolds.id, plan.ownHoldIds)));
  }
  await releaseExpiredOwnHolds(tx, clientId, now);
}

/**
 * The 409 for a seat write the database refused: the seats ran out (the capacity check: how many are left now), or
 * another request of the client's took an overlapping time (the client-time constraint).
 */
export async function refusedSeats(request: SeatRequest, plan: SeatPlan, error: unknown): Promise<never> {
  if (seatsRanOut(error)) {
    throw notEnoughSeats(request.seatsPointer, await seatsLeftIn(request.db, plan.session.appointmentId, request.now));
  }
  if (sqlState(error) === "23P01") {
    const range = { start: plan.session.startsAt, end: plan.session.endsAt };
    const [booked] = await ownBookings(request.db, request.clientId, range, request.now);
    if (booked) throw overlapsOwnBooking(request.pointer(0), booked);
  }
  throw error;
}

/**
 * Books seats in a class session for a client: a place (appointment_clients) with its seats in the session's
 * appointment, the client's own time, the reminder and the notice, in one transaction. The session's claims of its
 * instructor and room are not touched: they are the session's. The seats' trigger and the capacity check refuse the
 * seat beyond capacity whatever the requests racing (409 `not_enough_seats`). Answers the new place's id.
 */
export async function bookSeats(
  request: SeatRequest &
    Pick<CreateAppointmentOptions, "clientNote" | "siteOrigin"> & {
      inTransaction?: TransactionSteps<number> | undefined;
    },
): Promise<number> {
  const plan = await planSeats(request);
  const { session } = plan;
  const { clientId, now } = request;
  try {
    return await retryTransaction(() =>
      request.db.transaction(async (tx) => {
        await request.inTransaction?.first?.(tx);
        await releaseSessionHolds(tx, plan, clientId, now);
        const settlement = await settleBooking(tx, {
          clientId,
          services: [sessionService(plan)],
          seatsCount: request.seatsCount,
          now,
        });
        const [place] = await tx
          .insert(appointmentClients)
          .values({
            appointmentId: session.appointmentId,
            clientId,
            statusId: settlement.statusId,
            paymentMethodId: settlement.paymentMethodId,
            clientNote: request.clientNote,
            siteOrigin: request.siteOrigin,
            totalMinor: settlement.totalMinor,
            currencyCode: settlement.currencyCode,
            seatsCount: request.seatsCount,
            calendarToken: randomBytes(32).toString("base64url"),
          })
          .returning({ id: appointmentClients.id });
        if (!place) throw new Error("the appointment client insert returned no row");
        await settlement.afterInsert(tx, place.id);
        await tx
          .update(waitlistEntries)
          .set({ status: "booked", updatedAt: new Date(now) })
          .where(
            and(
              eq(waitlistEntries.appointmentId, session.appointmentId),
              eq(waitlistEntries.clientId, clientId),
              inArray(waitlistEntries.status, ["waiting", "offered"]),
            ),
          );
        await tx.insert(clientClaims).values({
          clientId,
          during: asClaimRange({ start: session.startsAt, end: session.endsAt }),
          appointmentClientId: place.id,
        });
        const startsAt = new Date(session.startsAt);
        const endsAt = new Date(session.endsAt);
        await scheduleAppointmentJobs(tx, { appointmentClientId: place.id, startsAt, endsAt, now });
        await announceBooking(tx, settlement, place.id);
        await request.inTransaction?.last?.(tx, place.id);
        return place.id;
      }),
    );
  } catch (error) {
    return refusedSeats(request, plan, error);
  }
}
