import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "@termin/db/database";
import { membershipInstances } from "@termin/db/membership-schema";
import { paymentLinks } from "@termin/db/payment-schema";
import { APPOINTMENT_STATUS } from "@termin/domain/appointment-statuses";
import { readAppointmentClients } from "../booking/appointment-resources.ts";
import { freeTheTime } from "../booking/cancel-appointment-client.ts";
import { leavePendingPayment } from "./complete-payment.ts";
import type { PaymentProviders } from "./payment-providers.ts";

/**
 * The release job's work: a link still unpaid at its release time lets go of what it was for, in one transaction
 * that locks the link (a payment arriving meanwhile waits, then finds it released and is refunded): the booking
 * place is cancelled with a client cancel's consequences (claims not live, seats freed, jobs dropped, the notice),
 * whatever the cancellation deadline, or the membership bought is cancelled. Then, after the commit, the provider's
 * checkout session is expired; a failure there rejects, so the job is retried (the release itself is not redone).
 */
export async function releaseUnpaidLink(
  deps: { db: Database; providers: PaymentProviders; now: number },
  paymentLinkId: number,
): Promise<"released" | "paid" | "gone"> {
  const { db, now } = deps;
  const link = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(paymentLinks).where(eq(paymentLinks.id, paymentLinkId)).for("update");
    if (!row || row.paidAt) return row ?? null;
    if (row.releasedAt === null) {
      await tx
        .update(paymentLinks)
        .set({ releasedAt: new Date(now) })
        .where(and(eq(paymentLinks.id, row.id), isNull(paymentLinks.releasedAt)));
      if (row.appointmentClientId !== null) await releasePlace(tx, row.clientId, row.appointmentClientId, now);
      if (row.membershipInstanceId !== null) {
        await tx
          .update(membershipInstances)
          .set({ status: "cancelled", updatedAt: new Date(now) })
          .where(
            and(eq(membershipInstances.id, row.membershipInstanceId), eq(membershipInstances.status, "pendingPayment")),
          );
      }
    }
    return row;
  });
  if (!link) return "gone";
  if (link.paidAt) return "paid";
  const provider = deps.providers.named(link.provider);
  if (link.providerSessionId && provider) await provider.expireSession(link.providerSessionId);
  return "released";
}

async function releasePlace(tx: Database, clientId: string, appointmentClientId: number, now: number) {
  const released = await leavePendingPayment(tx, appointmentClientId, APPOINTMENT_STATUS.cancelled, new Date(now));
  if (!released) return;
  const [row] = await readAppointmentClients(tx, clientId, [appointmentClientId]);
  if (row) await freeTheTime(tx, row, now);
}
