import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "@termin/db/database";
import { paymentLinks } from "@termin/db/payment-schema";
import { scheduleJob } from "../jobs/scheduled-jobs.ts";
import { releaseJobKey } from "./payment-jobs.ts";
import { RELEASE_UNPAID_JOB } from "./payment-links.ts";

/**
 * In a cancellation's transaction: the place's unpaid link is released, and its release job is moved to now, so
 * the provider's checkout session is expired right after the commit (the job does that, with its retries).
 */
export async function releaseLinkOfPlace(tx: Database, appointmentClientId: number, now: number): Promise<boolean> {
  const released = await tx
    .update(paymentLinks)
    .set({ releasedAt: new Date(now) })
    .where(
      and(
        eq(paymentLinks.appointmentClientId, appointmentClientId),
        isNull(paymentLinks.paidAt),
        isNull(paymentLinks.releasedAt),
      ),
    )
    .returning({ id: paymentLinks.id });
  for (const { id } of released) {
    await scheduleJob(tx, {
      kind: RELEASE_UNPAID_JOB,
      key: releaseJobKey(id),
      runAt: new Date(now),
      payload: { paymentLinkId: id },
    });
  }
  return released.length > 0;
}
