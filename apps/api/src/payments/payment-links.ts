import { randomBytes } from "node:crypto";
import { paymentLinks } from "@termin/db/payment-schema";
import type { Database } from "@termin/db/database";
import { scheduleJob } from "../jobs/scheduled-jobs.ts";
import { releaseJobKey } from "./payment-jobs.ts";

/** The job that releases what a payment link was for once it is still unpaid at its release time. */
export const RELEASE_UNPAID_JOB = "payment-link.release-unpaid";

export type PaymentLinkOwner = { appointmentClientId: number } | { membershipInstanceId: number };

/** The address of a payment link's page: ours, so opening it (not booking) creates the provider's checkout. */
export const paymentLinkUrl = (publicUrl: string, token: string) => `${publicUrl}/pay/${token}`;

/**
 * Writes what a client owes online for a booking or a membership, in the caller's transaction, with the job that
 * releases it unpaid at `releaseAt`: both exist exactly when the booking or purchase does. Answers the link's id.
 */
export async function writePaymentLink(
  tx: Database,
  link: PaymentLinkOwner & { clientId: string; amountMinor: number; currencyCode: string; releaseAt: Date },
): Promise<number> {
  const [row] = await tx
    .insert(paymentLinks)
    .values({ ...link, token: randomBytes(24).toString("base64url") })
    .returning({ id: paymentLinks.id });
  if (!row) throw new Error("the payment link insert returned no row");
  await scheduleJob(tx, {
    kind: RELEASE_UNPAID_JOB,
    key: releaseJobKey(row.id),
    runAt: link.releaseAt,
    payload: { paymentLinkId: row.id },
  });
  return row.id;
}
