import { and, eq, sql } from "drizzle-orm";
import { appointmentClients, appointments } from "@termin/db/booking-schema";
import type { Database } from "@termin/db/database";
import { paymentLinks } from "@termin/db/payment-schema";
import { APPOINTMENT_STATUS } from "@termin/domain/appointment-statuses";
import { queueBookingNotice } from "../booking/notices/appointment-jobs.ts";
import { scheduleJob } from "../jobs/scheduled-jobs.ts";
import { activateMembershipInstance } from "../memberships/activate-membership.ts";
import { REFUND_JOB, refundJobKey } from "./payment-jobs.ts";

export interface CompletedPayment {
  linkId: number;
  provider: string;
  /** The provider's payment (Stripe's payment intent), which a refund names. */
  providerPaymentId: string;
  now: number;
}

/**
 * A provider says a link was paid (Stripe's webhook, the return from its checkout, the demonstration page's
 * button): one function for all, in the caller's transaction. The link's row is locked first, so a payment and the
 * release racing it take turns: paid in time, the link gets paid_at and its booking goes pendingPayment → new (with
 * the "booked" notice, held back until now) or its membership becomes active; paid after the release, the money
 * goes back (a refund job, after the commit, with the job's retries). Told twice, the second changes nothing.
 */
export async function completePayment(
  tx: Database,
  payment: CompletedPayment,
): Promise<"paid" | "refunding" | "unchanged"> {
  const [link] = await tx.select().from(paymentLinks).where(eq(paymentLinks.id, payment.linkId)).for("update");
  if (!link || link.paidAt || link.providerPaymentId === payment.providerPaymentId) return "unchanged";
  const at = new Date(payment.now);
  const recorded = { provider: payment.provider, providerPaymentId: payment.providerPaymentId };
  if (link.releasedAt) {
    await tx.update(paymentLinks).set(recorded).where(eq(paymentLinks.id, link.id));
    await scheduleJob(tx, {
      kind: REFUND_JOB,
      key: refundJobKey(link.id),
      runAt: at,
      payload: { paymentLinkId: link.id, providerPaymentId: payment.providerPaymentId },
    });
    return "refunding";
  }
  await tx
    .update(paymentLinks)
    .set({ ...recorded, paidAt: at })
    .where(eq(paymentLinks.id, link.id));
  if (link.appointmentClientId !== null) await confirmPaidPlace(tx, link.appointmentClientId, at);
  if (link.membershipInstanceId !== null) await activateMembershipInstance(tx, link.membershipInstanceId, payment.now);
  return "paid";
}

async function confirmPaidPlace(tx: Database, appointmentClientId: number, at: Date): Promise<void> {
  const confirmed = await leavePendingPayment(tx, appointmentClientId, APPOINTMENT_STATUS.new, at);
  if (!confirmed) return;
  const [appointment] = await tx
    .select({ sequence: sql<number>`${appointments.sequence}` })
    .from(appointments)
    .where(eq(appointments.id, confirmed.appointmentId));
  await queueBookingNotice(tx, { appointmentClientId, event: "booked", sequence: appointment?.sequence ?? 0 });
}

/**
 * A place waiting for its payment becomes `statusId` (new once paid, cancelled once released), checked by the
 * update itself: of a payment and a release racing, only the first moves it. Answers the place, or null.
 */
export async function leavePendingPayment(
  tx: Database,
  appointmentClientId: number,
  statusId: number,
  at: Date,
): Promise<{ appointmentId: number } | null> {
  const [moved] = await tx
    .update(appointmentClients)
    .set({ statusId, updatedAt: at })
    .where(
      and(
        eq(appointmentClients.id, appointmentClientId),
        eq(appointmentClients.statusId, APPOINTMENT_STATUS.pendingPayment),
      ),
    )
    .returning({ appointmentId: appointmentClients.appointmentId });
  return moved ?? null;
}
