import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "@termin/config/env";
import { appointmentClients, scheduledJobs } from "@termin/db/booking-schema";
import { APPOINTMENT_STATUS } from "@termin/domain/appointment-statuses";
import { PAYMENT_METHOD } from "@termin/domain/payment-methods";
import { bookedIds, bookingRequests } from "../booking/testing/booking-requests.ts";
import { settableClock } from "../http/clock.ts";
import { readJson, startTestApi, type TestApi } from "../testing/start-test-api.ts";
import { createTestClient, type TestClient } from "../testing/test-clients.ts";
import { paymentProvidersOf } from "./payment-providers.ts";
import { bookAtTen, createPaymentScenario, linkRow, runPaymentJobs } from "./testing/payment-scenario.ts";

const MINUTE = 60_000;
const clock = settableClock(Date.now());
let api: TestApi;
let client: TestClient;
let other: TestClient;
const providers = paymentProvidersOf(loadConfig({ LOG_LEVEL: "silent" }));

beforeAll(async () => {
  api = await startTestApi({ clock });
});
// One person, one place at a time: each test books for clients of its own.
beforeEach(async () => {
  client = await createTestClient(api.database.db);
  other = await createTestClient(api.database.db);
});
afterAll(async () => {
  await api?.close();
});

const depositOf20Percent = { paymentPolicy: "deposit", depositType: "percent", depositValue: 20 } as const;
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${api.baseUrl}${path}`, { headers, redirect: "manual" });
const postForm = (path: string) =>
  fetch(`${api.baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "",
    redirect: "manual",
  });
const statusOf = async (appointmentClientId: string) => {
  const [row] = await api.database.db
    .select({ statusId: appointmentClients.statusId })
    .from(appointmentClients)
    .where(eq(appointmentClients.id, Number(appointmentClientId)));
  return row?.statusId;
};
/** Opens a link's page as a visitor: the demonstration checkout it redirects to. */
const openDemoCheckout = async (url: string, language = "en") => {
  const page = await get(new URL(url).pathname, { "accept-language": language });
  expect(page.status).toBe(303);
  const checkout = page.headers.get("location") ?? "";
  expect(checkout).toMatch(new RegExp(`/pay/demo/demo_[\\w-]+\\?lang=${language}$`));
  return new URL(checkout).pathname;
};

describe("a booking whose service asks for a payment online", () => {
  it("waits for its payment: pendingPayment, paid online, with a payment link in the 201", async () => {
    const scenario = await createPaymentScenario(api.database.db, depositOf20Percent);
    const { place, link } = await bookAtTen(api.baseUrl, client, scenario);
    expect(place.relationships?.status?.data).toEqual({ type: "appointment-statuses", id: "6" });
    expect(place.relationships?.paymentMethod?.data).toEqual({ type: "payment-methods", id: "2" });
    expect(place.attributes.total_amount).toBe(5000);
    expect(link?.attributes).toMatchObject({ amount: 1000, currency_code: "EUR", paid_at: null, released_at: null });
    expect(place.relationships?.paymentLinks?.data).toEqual([{ type: "payment-links", id: link?.id }]);
    expect(String(link?.attributes.url)).toMatch(/\/pay\/[\w-]{20,}$/);
    const expires = Date.parse(String(link?.attributes.expires_at));
    expect(expires).toBe(clock.now() + 30 * MINUTE);
    expect(link?.relationships?.appointmentClient?.data).toEqual({ type: "appointment-clients", id: place.id });
  });

  it("asks the whole price for a prepayment, a fixed deposit as set, and nothing at the venue", async () => {
    const cases = [
      [{ paymentPolicy: "prepay", depositType: null, depositValue: null }, 5000],
      [{ paymentPolicy: "deposit", depositType: "fixed", depositValue: 1500 }, 1500],
      [{ paymentPolicy: "venue", depositType: null, depositValue: null }, undefined],
    ] as const;
    for (const [policy, amount] of cases) {
      const scenario = await createPaymentScenario(api.database.db, policy);
      const { place, link } = await bookAtTen(api.baseUrl, await createTestClient(api.database.db), scenario);
      expect(link?.attributes.amount).toBe(amount);
      const status = amount === undefined ? APPOINTMENT_STATUS.new : APPOINTMENT_STATUS.pendingPayment;
      expect(place.relationships?.status?.data).toEqual({ type: "appointment-statuses", id: String(status) });
      const method = amount === undefined ? PAYMENT_METHOD.venue : PAYMENT_METHOD.online;
      expect(place.relationships?.paymentMethod?.data).toEqual({ type: "payment-methods", id: String(method) });
    }
  });

  it("answers an idempotent replay with the same link, and holds the booked notice until it is paid", async () => {
    const scenario = await createPaymentScenario(api.database.db, depositOf20Percent);
    const booker = await createTestClient(api.database.db);
    const key = { "idempotency-key": crypto.randomUUID() };
    const first = await bookAtTen(api.baseUrl, booker, scenario, key);
    const again = await bookAtTen(api.baseUrl, booker, scenario, key);
    expect(again.link?.id).toBe(first.link?.id);
    expect(again.link?.attributes.url).toBe(first.link?.attributes.url);
    const notices = await api.database.db
      .select()
      .from(scheduledJobs)
      .where(like(scheduledJobs.key, `appointment-client:${first.place.id}:booked:%`));
    expect(notices).toEqual([]);
  });

  it("shows a link to its owner only: another client's is a 404, no sign-in a 401", async () => {
    const scenario = await createPaymentScenario(api.database.db, depositOf20Percent);
    const { link } = await bookAtTen(api.baseUrl, client, scenario);
    const own = await get(`/v1c/payment-links/${link?.id}`, { authorization: client.authorization });
    expect(own.status).toBe(200);
    const document = await readJson<{ data: { attributes: Record<string, unknown> } }>(own);
    expect(document.data.attributes).toEqual(link?.attributes);
    expect((await get(`/v1c/payment-links/${link?.id}`, { authorization: other.authorization })).status).toBe(404);
    expect((await get(`/v1c/payment-links/${link?.id}`)).status).toBe(401);
    expect((await get(`/v1c/payment-links/999999`, { authorization: client.authorization })).status).toBe(404);
    const mine = await readJson<{ data: Array<{ id: string }> }>(
      await get("/v1c/payment-links", { authorization: client.authorization }),
    );
    expect(mine.data.map((each) => each.id)).toEqual([link?.id]);
    const theirs = await readJson<{ data: unknown[] }>(
      await get("/v1c/payment-links", { authorization: other.authorization }),
    );
    expect(theirs.data).toEqual([]);
    expect((await get("/v1c/payment-links")).status).toBe(401);
    const included = await get(`/v1c/appointment-clients?include=paymentLinks,paymentMethod`, {
      authorization: client.authorization,
    });
    const list = await readJson<{ included: Array<{ type: string; id: string }> }>(included);
    expect(list.included).toContainEqual(expect.objectContaining({ type: "payment-links", id: link?.id }));
    expect(list.included).toContainEqual(expect.objectContaining({ type: "payment-methods", id: "2" }));
  });

  it("lists the payment methods with their fixed ids", async () => {
    const response = await get("/v1c/payment-methods");
    const document = await readJson<{ data: Array<{ id: string; attributes: { name: string } }> }>(response);
    expect(document.data.map((each) => [each.id, each.attributes.name])).toEqual([
      ["1", "venue"],
      ["2", "online"],
      ["3", "membership"],
    ]);
    expect((await get("/v1c/payment-methods/2")).status).toBe(200);
    expect((await get("/v1c/payment-methods/9")).status).toBe(404);
  });
});

describe("paying on the demonstration provider's page", () => {
  it("labels it a demonstration in the visitor's language, and its Pay button confirms the booking", async () => {
    const scenario = await createPaymentScenario(api.database.db, depositOf20Percent);
    const { place, link } = await bookAtTen(api.baseUrl, client, scenario);
    const checkout = await openDemoCheckout(String(link?.attributes.url), "de");
    const page = await get(checkout, { "accept-language": "de" });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain("Demonstration");
    expect(html).toMatch(/10,00\s€ bezahlen/);
    const english = await (await get(`${checkout}?lang=en`)).text();
    expect(english).toContain("Pay €10.00");
    // Opening the page again reuses the session while it is open.
    expect(await openDemoCheckout(String(link?.attributes.url))).toBe(checkout);

    const paid = await postForm(`${checkout}?lang=en`);
    expect(paid.status).toBe(303);
    expect(await statusOf(place.id)).toBe(APPOINTMENT_STATUS.new);
    const row = await linkRow(api.database.db, String(link?.id));
    expect(row.paidAt?.getTime()).toBe(clock.now());
    expect(row.provider).toBe("demo");
    const notices = await api.database.db
      .select()
      .from(scheduledJobs)
      .where(like(scheduledJobs.key, `appointment-client:${place.id}:booked:%`));
    expect(notices).toHaveLength(2);
    const after = await (await get(new URL(String(link?.attributes.url)).pathname + "?lang=en")).text();
    expect(after).toContain("Paid");
    expect(after).toContain("€10.00");
  });

  it("pays once however many times the button is pressed at once", async () => {
    const scenario = await createPaymentScenario(api.database.db, depositOf20Percent);
    const { place, link } = await bookAtTen(api.baseUrl, client, scenario);
    const checkout = await openDemoCheckout(String(link?.attributes.url));
    const answers = await Promise.all(Array.from({ length: 10 }, () => postForm(checkout)));
    expect(answers.map((each) => each.status)).toEqual(Array(10).fill(303));
    expect(await statusOf(place.id)).toBe(APPOINTMENT_STATUS.new);
    expect((await linkRow(api.database.db, String(link?.id))).paidAt).not.toBeNull();
  });

  it("has no page for an unknown token or session: a page for a browser, a JSON:API error for an API client", async () => {
    const page = await get("/pay/no-such-token-at-all", { accept: "text/html", "accept-language": "fr" });
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("Ce lien de paiement n’existe pas.");
    const error = await get("/pay/demo/demo_unknown_session", { accept: "application/vnd.api+json" });
    expect(error.status).toBe(404);
    expect((await readJson<{ errors: Array<{ code: string }> }>(error)).errors[0]?.code).toBe("not_found");
  });
});

describe("an unpaid booking", () => {
  it("is released after the business's timeout: cancelled, its time free for another client", async () => {
    const scenario = await createPaymentScenario(api.database.db, depositOf20Percent, { employees: 1 });
    const { place, link, startsAt } = await bookAtTen(api.baseUrl, client, scenario);
    const requests = bookingRequests(api.baseUrl);
    const service = [{ service_price_id: String(scenario.servicePriceId), starts_at: startsAt }];
    expect((await requests.book(other, service)).status).toBe(409);

    clock.advance(29 * MINUTE);
    await runPaymentJobs(api.database, providers, clock);
    expect(await statusOf(place.id)).toBe(APPOINTMENT_STATUS.pendingPayment);

    clock.advance(2 * MINUTE);
    await runPaymentJobs(api.database, providers, clock);
    expect(await statusOf(place.id)).toBe(APPOINTMENT_STATUS.cancelled);
    expect((await linkRow(api.database.db, String(link?.id))).releasedAt?.getTime()).toBe(clock.now());
    await bookedIds(await requests.book(other, service));

    const page = await get(`${new URL(String(link?.attributes.url)).pathname}?lang=en`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("This payment link has expired");
  });

  it("keeps the business's own timeout", async () => {
    const scenario = await createPaymentScenario(api.database.db, depositOf20Percent, {
      settings: { unpaidReleaseMinutes: 45 },
    });
    const { link } = await bookAtTen(api.baseUrl, client, scenario);
    expect(Date.parse(String(link?.attributes.expires_at))).toBe(clock.now() + 45 * MINUTE);
  });

  it("is released by the visit's start at the latest, whatever the business's timeout", async () => {
    const scenario = await createPaymentScenario(api.database.db, depositOf20Percent, {
      settings: { unpaidReleaseMinutes: 7 * 24 * 60 },
    });
    const { link, startsAt } = await bookAtTen(api.baseUrl, client, scenario);
    expect(Date.parse(String(link?.attributes.expires_at))).toBe(Date.parse(startsAt));
  });

  it("refunds a payment that arrives after the release", async () => {
    const scenario = await createPaymentScenario(api.database.db, depositOf20Percent);
    const { place, link } = await bookAtTen(api.baseUrl, client, scenario);
    const checkout = await openDemoCheckout(String(link?.attributes.url));
    clock.advance(31 * MINUTE);
    await runPaymentJobs(api.database, providers, clock);
    expect(await statusOf(place.id)).toBe(APPOINTMENT_STATUS.cancelled);

    // The checkout was still open in the client's browser: its button is pressed after the release.
    expect((await postForm(checkout)).status).toBe(303);
    expect(await statusOf(place.id)).toBe(APPOINTMENT_STATUS.cancelled);
    await runPaymentJobs(api.database, providers, clock);
    const row = await linkRow(api.database.db, String(link?.id));
    expect(row.paidAt).toBeNull();
    expect(row.refundedAt?.getTime()).toBe(clock.now());
    expect(row.providerPaymentId).toMatch(/^demo_payment_/);
  });

  it("is either paid or released, never both, when its payment and its release race", async () => {
    for (let round = 0; round < 3; round++) {
      const scenario = await createPaymentScenario(api.database.db, depositOf20Percent);
      const { place, link } = await bookAtTen(api.baseUrl, await createTestClient(api.database.db), scenario);
      const checkout = await openDemoCheckout(String(link?.attributes.url));
      clock.advance(31 * MINUTE);
      await Promise.all([
        runPaymentJobs(api.database, providers, clock),
        ...Array.from({ length: 5 }, () => postForm(checkout)),
      ]);
      await runPaymentJobs(api.database, providers, clock);
      const row = await linkRow(api.database.db, String(link?.id));
      const status = await statusOf(place.id);
      if (row.paidAt) {
        expect([status, row.releasedAt, row.refundedAt]).toEqual([APPOINTMENT_STATUS.new, null, null]);
      } else {
        expect(status).toBe(APPOINTMENT_STATUS.cancelled);
        expect(row.releasedAt).not.toBeNull();
        // The payment came after the release: given back.
        expect(row.refundedAt).not.toBeNull();
      }
    }
  });

  it("cancelled by its client releases its link at once, and the release job then runs now", async () => {
    const scenario = await createPaymentScenario(api.database.db, depositOf20Percent);
    const { place, link } = await bookAtTen(api.baseUrl, client, scenario);
    const cancelled = await bookingRequests(api.baseUrl).cancel(client, place.id);
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    expect(await statusOf(place.id)).toBe(APPOINTMENT_STATUS.cancelled);
    expect((await linkRow(api.database.db, String(link?.id))).releasedAt?.getTime()).toBe(clock.now());
    const [job] = await api.database.db
      .select()
      .from(scheduledJobs)
      .where(and(eq(scheduledJobs.key, `payment-link:${link?.id}:release`)));
    expect(job?.runAt.getTime()).toBe(clock.now());
    expect(await runPaymentJobs(api.database, providers, clock)).toBeGreaterThanOrEqual(1);
  });
});
