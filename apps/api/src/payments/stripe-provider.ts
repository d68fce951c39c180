import Stripe from "stripe";
import type { LinkForCheckout, PaymentProvider, SessionState } from "./payment-provider.ts";

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Where the library sends its calls (a local server in tests); Stripe's own when unset. */
  apiUrl?: string | undefined;
}

/** The official library, pointed at `apiUrl` when one is given (host, port and protocol). */
export function stripeClient(settings: StripeSettings): Stripe {
  const url = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(url
      ? {
          host: url.hostname,
          port: url.port || (url.protocol === "http:" ? 80 : 443),
          protocol: url.protocol === "http:" ? "http" : "https",
        }
      : {}),
  });
}

/** A Checkout Session lives 30 minutes to 24 hours (Stripe refuses an expires_at outside): ours ends with its link. */
const MIN_SESSION_MS = 30 * 60_000 + 5_000;
const MAX_SESSION_MS = 24 * 3_600_000 - 60_000;
const sessionEnd = (releaseAt: Date, now: number) =>
  Math.ceil(Math.min(Math.max(releaseAt.getTime(), now + MIN_SESSION_MS), now + MAX_SESSION_MS) / 1000);

/** Stripe's payment intent of a paid session: a string, or the object when expanded. */
const paymentIntentId = (session: Stripe.Checkout.Session) =>
  typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);

/** Stripe Checkout: a hosted payment page per link, its session created server-side. */
export function stripeProvider(settings: StripeSettings, stripe = stripeClient(settings)): PaymentProvider {
  return {
    name: "stripe",
    async createCheckout(link: LinkForCheckout, returnUrl: string) {
      // No idempotency key: a session that expired is replaced by a new one, and only the stored one is offered.
      const session = await stripe.checkout.sessions.create({
        mode: "payment",
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: link.currencyCode.toLowerCase(),
              unit_amount: link.amountMinor,
              product_data: { name: link.description },
            },
          },
        ],
        client_reference_id: String(link.id),
        metadata: { payment_link_id: String(link.id) },
        payment_intent_data: { metadata: { payment_link_id: String(link.id) } },
        success_url: returnUrl,
        cancel_url: returnUrl,
        locale: "auto",
        expires_at: sessionEnd(link.releaseAt, Date.now()),
      });
      if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a url`);
      return { sessionId: session.id, url: session.url };
    },
    async sessionState(sessionId: string): Promise<SessionState> {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      const paymentId = paymentIntentId(session);
      if (session.payment_status === "paid" && paymentId) return { state: "paid", paymentId };
      if (session.status === "open" && session.url) return { state: "open", url: session.url };
      return { state: "expired" };
    },
    async expireSession(sessionId: string) {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      if (session.status === "open") await stripe.checkout.sessions.expire(sessionId);
    },
    async refund(paymentId: string, idempotencyKey: string) {
      await stripe.refunds.create({ payment_intent: paymentId }, { idempotencyKey });
    },
  };
}

/** A paid Checkout Session of a webhook event: the link it pays and the payment, or null for any other event. */
export function paidSessionOf(event: Stripe.Event): { linkId: number; paymentId: string } | null {
  if (event.type !== "checkout.session.completed" && event.type !== "checkout.session.async_payment_succeeded") {
    return null;
  }
  const session = event.data.object;
  const linkId = Number(session.metadata?.payment_link_id ?? session.client_reference_id);
  const paymentId = paymentIntentId(session);
  if (session.payment_status !== "paid" || !Number.isSafeInteger(linkId) || !paymentId) return null;
  return { linkId, paymentId };
}
