import type { Database } from "@termin/db/database";
import { APPOINTMENT_STATUS } from "@termin/domain/appointment-statuses";
import { PAYMENT_METHOD } from "@termin/domain/payment-methods";
import { amountDueOnline } from "@termin/domain/payments/amount-due";
import {
  recordCreditUses,
  returnMembershipCredits,
  spendMembershipCredit,
  type SpentCredit,
} from "../memberships/membership-credits.ts";
import { writePaymentLink } from "../payments/payment-links.ts";
import { releaseLinkOfPlace } from "../payments/release-payment-link.ts";
import type { AppointmentClientRow } from "./appointment-resources.ts";
import { queueBookingNotice } from "./notices/appointment-jobs.ts";
import type { PlannedService } from "./plan-booking.ts";

/** How a new place in an appointment is paid: its status, method and total, decided inside its transaction. */
export interface Settlement {
  /** new, or pendingPayment while an online payment is due. */
  statusId: number;
  paymentMethodId: number;
  /** In minor units: the services' prices times the seats, or 0 when a membership covers them. */
  totalMinor: number;
  currencyCode: string;
  /** What the settlement writes once the place exists (a credit's use, a payment link). */
  afterInsert(tx: Database, appointmentClientId: number): Promise<void>;
}

export interface SettleRequest {
  clientId: string;
  services: readonly PlannedService[];
  seatsCount: number;
  now: number;
}

const MINUTE = 60_000;

/**
 * Decides, in the booking's transaction, how a booking is paid, so every way of booking (a new booking, a class
 * seat, a waitlist offer taken) pays the same way: a service a membership of the client's covers costs nothing
 * (its credits are spent); for the rest, each service's deposit or prepayment under its business's policy, summed
 * over price × seats, makes the place pendingPayment with a payment link released unpaid after the business's
 * `unpaidReleaseMinutes`; otherwise it is paid at the venue.
 */
export async function settleBooking(tx: Database, request: SettleRequest): Promise<Settlement> {
  const [first] = request.services;
  if (!first) throw new Error("a booking settles at least one service");
  const { clientId, seatsCount, now } = request;
  const { covered, uncovered } = await coverByMembership(tx, request);
  const uncoveredPerSeat = uncovered.reduce((sum, service) => sum + service.context.priceMinor, 0);
  const dueMinor = uncovered.reduce(
    (sum, service) => sum + amountDueOnline(service.context.payment.policy, service.context.priceMinor * seatsCount),
    0,
  );
  const settled = {
    totalMinor: uncoveredPerSeat * seatsCount,
    currencyCode: first.context.currencyCode,
  };
  if (dueMinor === 0) {
    return {
      ...settled,
      statusId: APPOINTMENT_STATUS.new,
      paymentMethodId: uncovered.length === 0 ? PAYMENT_METHOD.membership : PAYMENT_METHOD.venue,
      afterInsert: async (inserted, appointmentClientId) => {
        await recordCreditUses(inserted, appointmentClientId, covered, now);
      },
    };
  }
  // Released unpaid after the business's time, and never after the visit begins: an unpaid place must not outlive it.
  const visitStart = Math.min(...request.services.map((service) => service.start));
  const releaseAt = new Date(Math.min(now + first.context.payment.unpaidReleaseMinutes * MINUTE, visitStart));
  return {
    ...settled,
    statusId: APPOINTMENT_STATUS.pendingPayment,
    paymentMethodId: PAYMENT_METHOD.online,
    afterInsert: async (inserted, appointmentClientId) => {
      await recordCreditUses(inserted, appointmentClientId, covered, now);
      await writePaymentLink(inserted, {
        appointmentClientId,
        clientId,
        amountMinor: dueMinor,
        currencyCode: settled.currencyCode,
        releaseAt,
      });
    },
  };
}

/**
 * Memberships: each service a membership of the client's covers (one credit per seat) costs nothing; the credits
 * are taken now, before the place is written, so a booking that finds the last credit gone pays as usual.
 */
async function coverByMembership(
  tx: Database,
  request: SettleRequest,
): Promise<{ covered: SpentCredit[]; uncovered: PlannedService[] }> {
  const covered: SpentCredit[] = [];
  const uncovered: PlannedService[] = [];
  for (const service of request.services) {
    const spent = await spendMembershipCredit(tx, {
      clientId: request.clientId,
      serviceId: service.context.serviceId,
      startsAt: service.start,
      credits: request.seatsCount,
      now: request.now,
    });
    if (spent) covered.push(spent);
    else uncovered.push(service);
  }
  return { covered, uncovered };
}

/**
 * Undoes a cancelled place's settlement, in the cancellation's transaction: the membership credits it spent come
 * back, and an unpaid payment link is released (its checkout session expired after the commit by its release job).
 */
export async function unsettleBooking(tx: Database, row: AppointmentClientRow, now: number): Promise<void> {
  await returnMembershipCredits(tx, row.id, now);
  await releaseLinkOfPlace(tx, row.id, now);
}

/** The "booked" notice, unless the booking waits for its payment: it is confirmed once paid (completePayment). */
export async function announceBooking(tx: Database, settlement: Settlement, appointmentClientId: number) {
  if (settlement.statusId === APPOINTMENT_STATUS.pendingPayment) return;
  await queueBookingNotice(tx, { appointmentClientId, event: "booked", sequence: 0 });
}
