import { bookingHolds, clientClaims } from "@termin/db/booking-schema";
import type { TransactionSteps } from "../../http/idempotency.ts";
import { retryTransaction } from "../../http/retry-transaction.ts";
import { HOLD_MINUTES, lockClientHolds, refuseBeyondHoldLimit, type HoldRow } from "../booking-holds.ts";
import { asClaimRange } from "../client-time.ts";
import { scheduleWaitlistOffer } from "../waitlist/waitlist-jobs.ts";
import { refusedSeats, releaseSessionHolds } from "./book-seats.ts";
import { planSeats, type SeatRequest } from "./plan-seats.ts";

/**
 * Holds seats in a class session for a client for HOLD_MINUTES, as the basket holds times: the same checks as
 * booking them, and a hold row whose seats the trigger counts against the capacity, so others see them taken until
 * it expires or is booked. Holding seats in a session where the client already holds some replaces that hold.
 */
export async function holdSeats(
  request: SeatRequest & { inTransaction?: TransactionSteps<HoldRow> | undefined },
): Promise<HoldRow> {
  const plan = await planSeats(request);
  const { session, context } = plan;
  const { clientId, now } = request;
  const expiresAt = new Date(now + HOLD_MINUTES * 60_000);
  try {
    return await retryTransaction(() =>
      request.db.transaction(async (tx) => {
        await request.inTransaction?.first?.(tx);
        await lockClientHolds(tx, clientId);
        await releaseSessionHolds(tx, plan, clientId, now);
        await refuseBeyondHoldLimit(tx, clientId, now);
        const [hold] = await tx
          .insert(bookingHolds)
          .values({
            clientId,
            locationId: session.locationId,
            servicePriceId: session.servicePriceId,
            employeeId: session.employeeId,
            startsAt: new Date(session.startsAt),
            endsAt: new Date(session.endsAt),
            expiresAt,
            appointmentId: session.appointmentId,
            seatsCount: request.seatsCount,
          })
          .returning();
        if (!hold) throw new Error("the hold insert returned no row");
        await tx.insert(clientClaims).values({
          clientId,
          during: asClaimRange({ start: session.startsAt, end: session.endsAt }),
          holdId: hold.id,
          expiresAt,
        });
        // Unbooked when it expires, its seats are free again: those waiting are offered them then.
        await scheduleWaitlistOffer(tx, {
          appointmentId: session.appointmentId,
          cause: `hold:${hold.id}`,
          runAt: expiresAt,
        });
        const held = { ...hold, timeZone: context.timeZone };
        await request.inTransaction?.last?.(tx, held);
        return held;
      }),
    );
  } catch (error) {
    return refusedSeats(request, plan, error);
  }
}
