import type { FastifyPluginAsync } from "fastify";
import type Stripe from "stripe";
import { paymentEvents } from "@termin/db/payment-schema";
import type { ApiDependencies } from "../api-dependencies.ts";
import { AppError } from "../http/app-error.ts";
import { systemClock } from "../http/clock.ts";
import { handleErrors } from "../http/error-handler.ts";
import { completePayment } from "./complete-payment.ts";
import type { PaymentProviders } from "./payment-providers.ts";
import { paidSessionOf, stripeClient } from "./stripe-provider.ts";

export const STRIPE_WEBHOOK_PATH = "/pay/webhooks/stripe";

/**
 * Stripe's events (POST /pay/webhooks/stripe): the body is read raw, as the signature covers its bytes, and
 * verified with the webhook secret (a bad or missing signature is a 400). Each event is handled once: its id is
 * written to payment_events in the same transaction as what it changes, so a second delivery changes nothing. A
 * paid checkout session completes its payment link (completePayment).
 */
export const stripeWebhookRoute: FastifyPluginAsync<ApiDependencies & { providers: PaymentProviders }> = async (
  app,
  { database, config, clock = systemClock },
) => {
  handleErrors(app);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
  const settings = config.payments.provider === "stripe" ? config.payments : undefined;
  const stripe = settings ? stripeClient(settings) : undefined;

  app.post(STRIPE_WEBHOOK_PATH, async (request, reply) => {
    if (!settings || !stripe) throw new AppError("not_found", "Stripe is not configured on this server.");
    const signature = request.headers["stripe-signature"];
    let event: Stripe.Event;
    try {
      if (typeof signature !== "string" || !Buffer.isBuffer(request.body)) throw new Error("no signature");
      event = stripe.webhooks.constructEvent(request.body, signature, settings.webhookSecret);
    } catch {
      throw new AppError("bad_request", "The Stripe-Signature header does not sign this body.");
    }
    await database.db.transaction(async (tx) => {
      const first = await tx
        .insert(paymentEvents)
        .values({ provider: "stripe", eventId: event.id })
        .onConflictDoNothing()
        .returning({ eventId: paymentEvents.eventId });
      if (first.length === 0) return;
      const paid = paidSessionOf(event);
      if (paid) {
        await completePayment(tx, {
          linkId: paid.linkId,
          provider: "stripe",
          providerPaymentId: paid.paymentId,
          now: clock.now(),
        });
      }
    });
    return reply.code(200).type("application/json").send({ received: true });
  });
};
