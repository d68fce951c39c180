import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "@termin/config/env";
import { appointmentClients } from "@termin/db/booking-schema";
import { paymentEvents } from "@termin/db/payment-schema";
import { APPOINTMENT_STATUS } from "@termin/domain/appointment-statuses";
import { settableClock } from "../http/clock.ts";
import { startTestApi, type TestApi } from "../testing/start-test-api.ts";
import { createTestClient, type TestClient } from "../testing/test-clients.ts";
import { paymentProvidersOf, type PaymentProviders } from "./payment-providers.ts";
import { STRIPE_WEBHOOK_PATH } from "./stripe-webhook-route.ts";
import { bookAtTen, createPaymentScenario, linkRow, runPaymentJobs } from "./testing/payment-scenario.ts";
import { startStripeWireServer } from "./testing/stripe-wire-server.ts";

const MINUTE = 60_000;
const SECRET = "whsec_termin_test";
const clock = settableClock(Date.now());
let stripeServer: Awaited<ReturnType<typeof startStripeWireServer>>;
let api: TestApi;
let providers: PaymentProviders;
let client: TestClient;
const stripe = new Stripe("sk_test_termin");

beforeAll(async () => {
  stripeServer = await startStripeWireServer();
  const env = { STRIPE_SECRET_KEY: "sk_test_termin", STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_URL: stripeServer.url };
  api = await startTestApi({ clock, env });
  providers = paymentProvidersOf(loadConfig({ LOG_LEVEL: "silent", ...env }));
});
afterAll(async () => {
  await api?.close();
  await stripeServer?.close();
});
beforeEach(async () => {
  client = await createTestClient(api.database.db);
});

const deposit = { paymentPolicy: "deposit", depositType: "percent", depositValue: 20 } as const;
const openPage = (url: string) => fetch(`${api.baseUrl}${new URL(url).pathname}?lang=en`, { redirect: "manual" });
const statusOf = async (id: string) =>
  (
    await api.database.db
      .select({ statusId: appointmentClients.statusId })
      .from(appointmentClients)
      .where(eq(appointmentClients.id, Number(id)))
  )[0]?.statusId;

/** A booking waiting for its deposit, its page opened: the Checkout Session Stripe made for it. */
async function bookedWithCheckout() {
  const scenario = await createPaymentScenario(api.database.db, deposit);
  const { place, link } = await bookAtTen(api.baseUrl, client, scenario);
  if (!link) throw new Error("the booking asks for a deposit");
  const page = await openPage(String(link.attributes.url));
  expect(page.status).toBe(303);
  const sessionId = page.headers.get("location")?.match(/cs_test_\d+$/)?.[0] ?? "";
  expect(sessionId).not.toBe("");
  return { place, link, sessionId, url: String(link.attributes.url) };
}

/** Stripe's event of a completed Checkout Session, signed as Stripe signs it (or with another secret). */
function completedEvent(eventId: string, session: object, secret = SECRET) {
  const payload = JSON.stringify({
    id: eventId,
    object: "event",
    type: "checkout.session.completed",
    data: { object: session },
  });
  return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}
const deliver = ({ payload, signature }: { payload: string; signature?: string }) =>
  fetch(`${api.baseUrl}${STRIPE_WEBHOOK_PATH}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) },
    body: payload,
  });

describe("Stripe Checkout through the official library", () => {
  it("creates the session server-side with the amount in minor units, the currency and the link's id", async () => {
    const { link, sessionId, url } = await bookedWithCheckout();
    const create = stripeServer.calls.find((call) => call.method === "POST" && call.path === "/v1/checkout/sessions");
    expect(create?.form).toMatchObject({
      mode: "payment",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][unit_amount]": "1000",
      "line_items[0][price_data][currency]": "eur",
      "line_items[0][price_data][product_data][name]": "Massage",
      client_reference_id: link.id,
      "metadata[payment_link_id]": link.id,
      success_url: `${url}?lang=en`,
    });
    expect(Number(create?.form.expires_at) * 1000).toBeGreaterThanOrEqual(Date.now() + 30 * MINUTE);
    const row = await linkRow(api.database.db, link.id);
    expect([row.provider, row.providerSessionId]).toEqual(["stripe", sessionId]);
    // Opened again while open: the same session, no second one.
    const creates = () => stripeServer.calls.filter((call) => call.path === "/v1/checkout/sessions").length;
    const before = creates();
    const again = await openPage(url);
    expect(again.headers.get("location")).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
    expect(creates()).toBe(before);
  });

  it("completes the payment from a signed webhook, once however often the event comes", async () => {
    const { place, link, sessionId } = await bookedWithCheckout();
    const session = stripeServer.pay(sessionId, `pi_${sessionId}`);
    const event = completedEvent(`evt_${sessionId}`, session);
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(event)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await answers[0]?.json()).toEqual({ received: true });
    expect(await statusOf(place.id)).toBe(APPOINTMENT_STATUS.new);
    const row = await linkRow(api.database.db, link.id);
    expect(row.paidAt).not.toBeNull();
    expect(row.providerPaymentId).toBe(`pi_${sessionId}`);
    const events = await api.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, `evt_${sessionId}`));
    expect(events).toHaveLength(1);
    expect((await deliver(event)).status).toBe(200);
    expect((await linkRow(api.database.db, link.id)).paidAt).toEqual(row.paidAt);
  });

  it("refuses an event whose signature does not match with a 400, and changes nothing", async () => {
    const { place, sessionId } = await bookedWithCheckout();
    const session = stripeServer.pay(sessionId, `pi_${sessionId}`);
    const forged = completedEvent(`evt_forged_${sessionId}`, session, "whsec_someone_else");
    const refused = await deliver(forged);
    expect(refused.status).toBe(400);
    expect((await deliver({ payload: forged.payload })).status).toBe(400);
    const tampered = completedEvent(`evt_tampered_${sessionId}`, session);
    expect((await deliver({ ...tampered, payload: tampered.payload.replace("complete", "open") })).status).toBe(400);
    expect(await statusOf(place.id)).toBe(APPOINTMENT_STATUS.pendingPayment);
  });

  it("completes the payment when the client comes back from a paid checkout before the webhook", async () => {
    const { place, sessionId, url } = await bookedWithCheckout();
    stripeServer.pay(sessionId, `pi_${sessionId}`);
    const back = await openPage(url);
    expect(back.status).toBe(200);
    expect(await back.text()).toContain("Paid");
    expect(await statusOf(place.id)).toBe(APPOINTMENT_STATUS.new);
  });

  it("expires the session when it releases the unpaid booking, and refunds a payment that still arrives", async () => {
    const { place, link, sessionId } = await bookedWithCheckout();
    clock.advance(31 * MINUTE);
    await runPaymentJobs(api.database, providers, clock);
    expect(await statusOf(place.id)).toBe(APPOINTMENT_STATUS.cancelled);
    const expired = stripeServer.calls.filter((call) => call.path === `/v1/checkout/sessions/${sessionId}/expire`);
    expect(expired).toHaveLength(1);

    // Paid on Stripe's page just before it expired, the event arrives after the release.
    const late = stripeServer.pay(sessionId, `pi_late_${sessionId}`);
    expect((await deliver(completedEvent(`evt_late_${sessionId}`, late))).status).toBe(200);
    expect(await statusOf(place.id)).toBe(APPOINTMENT_STATUS.cancelled);
    await runPaymentJobs(api.database, providers, clock);
    const refunds = stripeServer.calls.filter((call) => call.path === "/v1/refunds");
    expect(refunds.map((call) => call.form.payment_intent)).toContain(`pi_late_${sessionId}`);
    expect(refunds.at(-1)?.idempotencyKey).toBe(`refund-payment-link-${link.id}-pi_late_${sessionId}`);
    const row = await linkRow(api.database.db, link.id);
    expect(row.paidAt).toBeNull();
    expect(row.refundedAt?.getTime()).toBe(clock.now());
  });
});
