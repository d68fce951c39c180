import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "@termin/db/database";
import { paymentLinks } from "@termin/db/payment-schema";
import type { PaymentProviders } from "./payment-providers.ts";

/**
 * The refund job's work: a payment that arrived after its link was released goes back in full, through the
 * provider that took it (the key makes a retried job refund once), and the link records when (refunded_at).
 */
export async function refundLatePayment(
  deps: { db: Database; providers: PaymentProviders; now: number },
  paymentLinkId: number,
): Promise<"refunded" | "unchanged"> {
  const [link] = await deps.db.select().from(paymentLinks).where(eq(paymentLinks.id, paymentLinkId));
  if (!link || link.refundedAt || !link.releasedAt || !link.providerPaymentId) return "unchanged";
  const provider = deps.providers.named(link.provider);
  if (!provider) throw new Error(`Payment link ${link.id} was paid through ${link.provider}, which is not configured`);
  await provider.refund(link.providerPaymentId, `refund-payment-link-${link.id}-${link.providerPaymentId}`);
  await deps.db
    .update(paymentLinks)
    .set({ refundedAt: new Date(deps.now) })
    .where(and(eq(paymentLinks.id, link.id), isNull(paymentLinks.refundedAt)));
  return "refunded";
}
