import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "@termin/db/database";
import { paymentLinks } from "@termin/db/payment-schema";
import { completePayment } from "./complete-payment.ts";
import type { FoundPaymentLink } from "./find-payment-link.ts";
import type { PaymentProviders } from "./payment-providers.ts";

/** What a payment link's page shows: it was paid, it expired, or the provider's checkout to go to. */
export type CheckoutStep = { step: "paid" } | { step: "expired" } | { step: "checkout"; url: string };

/**
 * Opening a payment link's page: a paid link is paid, a released (or overdue) one has expired; otherwise the
 * provider's checkout session it already has is reused while open (and, paid there, completes the payment now,
 * without waiting for the webhook), else a new one is created and stored. Provider calls run outside transactions.
 */
export async function openCheckout(options: {
  db: Database;
  providers: PaymentProviders;
  link: FoundPaymentLink;
  returnUrl: string;
  description: string;
  language: string;
  now: number;
}): Promise<CheckoutStep> {
  const { db, providers, link, now } = options;
  if (link.paidAt) return { step: "paid" };
  if (link.releasedAt || link.releaseAt.getTime() <= now) return { step: "expired" };
  const provider = providers.named(link.provider);
  if (link.providerSessionId && provider) {
    const state = await provider.sessionState(link.providerSessionId);
    if (state.state === "open") return { step: "checkout", url: state.url };
    if (state.state === "paid") {
      const outcome = await db.transaction((tx) =>
        completePayment(tx, { linkId: link.id, provider: provider.name, providerPaymentId: state.paymentId, now }),
      );
      return outcome === "refunding" ? { step: "expired" } : { step: "paid" };
    }
  }
  const { current } = providers;
  const session = await current.createCheckout(
    { ...link, description: options.description, language: options.language },
    options.returnUrl,
  );
  await db
    .update(paymentLinks)
    .set({ provider: current.name, providerSessionId: session.sessionId })
    .where(and(eq(paymentLinks.id, link.id), isNull(paymentLinks.paidAt), isNull(paymentLinks.releasedAt)));
  return { step: "checkout", url: session.url };
}
