import { randomBytes } from "node:crypto";
import {
  appointmentClients,
  appointmentServiceEmployees,
  appointmentServices,
  appointments,
  bookingClaims,
  clientClaims,
} from "@termin/db/booking-schema";
import type { Database } from "@termin/db/database";
import { AppError } from "../http/app-error.ts";
import { sqlState } from "../http/database-errors.ts";
import type { TransactionSteps } from "../http/idempotency.ts";
import { scheduleAppointmentJobs } from "./notices/appointment-jobs.ts";
import { releaseExpiredOwnHolds } from "./client-time.ts";
import { retryInBookingTurn } from "./location-turns.ts";
import { announceBooking, settleBooking } from "./settle-booking.ts";
import {
  claimsOf,
  clientClaimsOf,
  lockLocationBookings,
  planServices,
  releaseHolds,
  servicesPointer,
  refusedClaim,
  type PlanRequest,
  type RequestedService,
} from "./plan-booking.ts";

export interface CreateAppointmentOptions {
  db: Database;
  clientId: string;
  locationId?: number | undefined;
  clientNote: string | null;
  /** The business's domain it is booked on, which its e-mails and calendar file link to (null: PUBLIC_URL). */
  siteOrigin: string | null;
  services: RequestedService[];
  now: number;
  /** Steps of the caller's inside the booking's transaction: before any write and after the last (idempotency). */
  inTransaction?: TransactionSteps<number>;
}

/**
 * Books one or more services for a client. Every rule is checked first (422 for a time that is never a slot, 409
 * for one taken), then everything is written in one transaction whose claims PostgreSQL refuses to overlap: when
 * two requests race for one time, exactly one commits and the other answers 409. The reminder, the completion and
 * the "booked" notice are scheduled in the same transaction, so they exist exactly when the booking does. Answers
 * the new appointment client's id.
 */
export async function createAppointment(options: CreateAppointmentOptions): Promise<number> {
  const { clientId, now } = options;
  const request: PlanRequest = { ...options, pointer: servicesPointer };
  const plan = await planServices(request);
  // In time order, whatever the body's: the first service starts the visit (reminder, notice, calendar file).
  const planned = plan.services;
  const first = planned[0];
  if (!first) throw new AppError("invalid_body", "Book at least one service.", { pointer: servicesPointer(0) });
  const startsAt = new Date(first.start);
  const endsAt = new Date(Math.max(...planned.map((each) => each.end)));

  let claiming: number | "client" = 0;
  // Losers of a race for the time learn it together when the winner commits, not each in its turn.
  const inTurn = retryInBookingTurn(request, plan);
  try {
    return await inTurn(() =>
      options.db.transaction(async (tx) => {
        await options.inTransaction?.first?.(tx);
        await lockLocationBookings(tx, first.context.locationId);
        await releaseHolds(tx, plan, clientId, now);
        await releaseExpiredOwnHolds(tx, clientId, now);
        const [appointment] = await tx
          .insert(appointments)
          .values({ locationId: first.context.locationId, startsAt, endsAt })
          .returning({ id: appointments.id });
        if (!appointment) throw new Error("the appointment insert returned no row");
        for (const [position, service] of planned.entries()) {
          const [row] = await tx
            .insert(appointmentServices)
            .values({
              appointmentId: appointment.id,
              servicePriceId: service.context.servicePriceId,
              position,
              startsAt: new Date(service.start),
              endsAt: new Date(service.end),
              priceMinor: service.context.priceMinor,
              currencyCode: service.context.currencyCode,
            })
            .returning({ id: appointmentServices.id });
          if (!row) throw new Error("the appointment service insert returned no row");
          await tx
            .insert(appointmentServiceEmployees)
            .values({ appointmentServiceId: row.id, employeeId: service.employeeId });
          claiming = service.index;
          await tx.insert(bookingClaims).values(claimsOf(service, { appointmentServiceId: row.id }));
        }
        const settlement = await settleBooking(tx, { clientId, services: planned, seatsCount: 1, now });
        const [client] = await tx
          .insert(appointmentClients)
          .values({
            appointmentId: appointment.id,
            clientId,
            statusId: settlement.statusId,
            paymentMethodId: settlement.paymentMethodId,
            clientNote: options.clientNote,
            siteOrigin: options.siteOrigin,
            totalMinor: settlement.totalMinor,
            currencyCode: settlement.currencyCode,
            calendarToken: randomBytes(32).toString("base64url"),
          })
          .returning({ id: appointmentClients.id });
        if (!client) throw new Error("the appointment client insert returned no row");
        await settlement.afterInsert(tx, client.id);
        claiming = "client";
        await tx.insert(clientClaims).values(clientClaimsOf(planned, clientId, { appointmentClientId: client.id }));
        await scheduleAppointmentJobs(tx, { appointmentClientId: client.id, startsAt, endsAt, now });
        await announceBooking(tx, settlement, client.id);
        await options.inTransaction?.last?.(tx, client.id);
        return client.id;
      }),
    );
  } catch (error) {
    // Another booking or hold took the time between our check and our write: the constraint refused ours.
    if (sqlState(error) !== "23P01") throw error;
    throw await refusedClaim(request, plan, claiming);
  }
}
