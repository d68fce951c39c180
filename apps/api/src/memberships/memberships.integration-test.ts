import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { ResourceObject as AnyResource } from "@termin/contracts/jsonapi";
import { rawRows } from "@termin/db/raw-rows";
import { PAYMENT_METHOD } from "@termin/domain/payment-methods";
import { startTestApi, type TestApi } from "../testing/start-test-api.ts";
import { errorsOf, signedInRequests } from "../testing/signed-in-requests.ts";
import { createTestClient, type TestClient } from "../testing/test-clients.ts";
import { at, bookedIds, bookingRequests, dayAhead } from "../booking/testing/booking-requests.ts";
import { createBookingScenario, type BookingScenario } from "../booking/testing/booking-scenario.ts";
import { addClassSession, makeClass } from "../booking/testing/class-session.ts";
import { createTestMembership } from "./testing/membership-scenario.ts";

let api: TestApi;
const requests = signedInRequests(() => api);
const booking = () => bookingRequests(api.baseUrl);

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

type ResourceObject = AnyResource<string, Record<string, unknown>>;

interface Document {
  data: ResourceObject | ResourceObject[];
  included?: ResourceObject[];
  meta?: { total: number };
}

const single = (document: Document) => document.data as ResourceObject;
const ofType = (document: Document, type: string) => (document.included ?? []).filter((each) => each.type === type);

const buy = (client: TestClient, membershipId: number, headers: Record<string, string> = {}) =>
  fetch(`${api.baseUrl}/v1c/membership-instances`, {
    method: "POST",
    headers: { authorization: client.authorization, "content-type": "application/vnd.api+json", ...headers },
    body: JSON.stringify({
      data: {
        type: "membership-instances",
        relationships: { membership: { data: { type: "memberships", id: String(membershipId) } } },
      },
    }),
  });

async function bought(client: TestClient, membershipId: number): Promise<Document> {
  return requests.read<Document>(buy(client, membershipId), 201);
}

/** What a client's instance shows: its credits left per service and its history. */
async function instanceOf(client: TestClient, instanceId: string) {
  const document = await requests.read<Document>(
    requests.get(
      `/membership-instances/${instanceId}?include=membershipInstanceServices,membershipCreditUses`,
      client.authorization,
    ),
  );
  return {
    creditsLeft: ofType(document, "membership-instance-services").map((each) => each.attributes?.credits_left),
    uses: ofType(document, "membership-credit-uses").map((each) => each.attributes?.credits),
    attributes: single(document).attributes ?? {},
  };
}

async function scenarioWithMembership(count: number | null, options: { periodMonths?: number } = {}) {
  const scenario = await createBookingScenario(api.database.db, { employees: 2, priceMinor: 4200 });
  const membershipId = await createTestMembership(api.database.db, {
    businessId: scenario.businessId,
    services: [{ serviceId: scenario.serviceId, count }],
    ...options,
  });
  return { scenario, membershipId };
}

const bookAt = (client: TestClient, scenario: BookingScenario, startsAt: string) =>
  booking().book(client, [{ service_price_id: String(scenario.servicePriceId), starts_at: startsAt }]);

async function appointmentClient(client: TestClient, id: string): Promise<ResourceObject> {
  return single(await requests.read<Document>(requests.get(`/appointment-clients/${id}`, client.authorization)));
}

describe("GET /v1c/memberships", () => {
  it("lists a business's offers by business or by location, with what each includes", async () => {
    const { scenario, membershipId } = await scenarioWithMembership(10);
    const unlimited = await createTestMembership(api.database.db, {
      businessId: scenario.businessId,
      name: "1 month unlimited",
      periodMonths: 1,
      priceMinor: 9900,
      services: [{ serviceId: scenario.serviceId, count: null }],
    });
    await createTestMembership(api.database.db, {
      businessId: scenario.businessId,
      name: "Withdrawn",
      active: false,
      services: [],
    });
    const other = await scenarioWithMembership(5);

    const byBusiness = await requests.read<Document>(
      requests.get(
        `/memberships?filter[business_id]=${scenario.businessId}&include=membershipServices,membershipServices.service`,
      ),
    );
    expect((byBusiness.data as ResourceObject[]).map((each) => each.id)).toEqual([
      String(membershipId),
      String(unlimited),
    ]);
    expect(byBusiness.meta?.total).toBe(2);
    expect((byBusiness.data as ResourceObject[])[1]?.attributes).toMatchObject({
      name: "1 month unlimited",
      price_minor: 9900,
      currency: "EUR",
      period_months: 1,
      starts_on: "purchase",
      payment_policy: "prepay",
      amount_due_online: 9900,
    });
    expect(ofType(byBusiness, "membership-services").map((each) => each.attributes?.count)).toEqual([10, null]);
    expect(ofType(byBusiness, "services").map((each) => each.id)).toEqual([String(scenario.serviceId)]);

    const byLocation = await requests.read<Document>(
      requests.get(`/memberships?filter[location_id]=${other.scenario.locationId}`),
    );
    expect((byLocation.data as ResourceObject[]).map((each) => each.id)).toEqual([String(other.membershipId)]);
    expect(byLocation.included ?? []).toEqual([]);

    await errorsOf(requests.get(`/memberships/999999`), 404);
    await errorsOf(requests.get(`/memberships?filter[city]=sofia`), 400);
  });
});

describe("POST /v1c/membership-instances", () => {
  it("makes a free membership active at once, with its credits", async () => {
    const { membershipId } = await scenarioWithMembership(10);
    const client = await createTestClient(api.database.db);
    const document = await bought(client, membershipId);
    expect(single(document).attributes).toMatchObject({ status: "active", price_minor: 0 });
    expect(single(document).attributes?.starts_at).not.toBeNull();
    expect(ofType(document, "membership-instance-services").map((each) => each.attributes)).toEqual([
      { credits_total: 10, credits_left: 10 },
    ]);
    expect(ofType(document, "payment-links")).toEqual([]);
  });

  it("keeps a priced one pendingPayment with its payment link, once per Idempotency-Key", async () => {
    const { scenario } = await scenarioWithMembership(10);
    const priced = await createTestMembership(api.database.db, {
      businessId: scenario.businessId,
      priceMinor: 12000,
      services: [{ serviceId: scenario.serviceId, count: 10 }],
    });
    const client = await createTestClient(api.database.db);
    const key = { "idempotency-key": `buy-${priced}` };
    const first = await buy(client, priced, key);
    expect(first.status).toBe(201);
    const document = (await first.json()) as Document;
    expect(first.headers.get("location")).toBe(`/v1c/membership-instances/${single(document).id}`);
    expect(single(document).attributes).toMatchObject({ status: "pendingPayment", starts_at: null, ends_at: null });
    const [link] = ofType(document, "payment-links");
    expect(link?.attributes).toMatchObject({ amount: 12000, currency_code: "EUR", paid_at: null });
    expect(String(link?.attributes?.url)).toMatch(/\/pay\/[\w-]{32}$/);

    const again = await buy(client, priced, key);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const mine = await requests.read<Document>(requests.get("/membership-instances", client.authorization));
    expect(mine.meta?.total).toBe(1);
  });

  it("makes one paid at the venue active at once", async () => {
    const { scenario } = await scenarioWithMembership(10);
    const atVenue = await createTestMembership(api.database.db, {
      businessId: scenario.businessId,
      priceMinor: 5000,
      paymentPolicy: "venue",
      services: [{ serviceId: scenario.serviceId, count: 4 }],
    });
    const document = await bought(await createTestClient(api.database.db), atVenue);
    expect(single(document).attributes).toMatchObject({ status: "active", price_minor: 5000 });
    expect(ofType(document, "payment-links")).toEqual([]);
  });

  it("refuses a membership not on offer, and a visitor", async () => {
    const client = await createTestClient(api.database.db);
    const [error] = await errorsOf(buy(client, 999999), 422);
    expect(error).toMatchObject({
      code: "unknown_membership",
      source: { pointer: "/data/relationships/membership/data/id" },
    });
    await errorsOf(requests.post("/membership-instances", undefined, {}), 401);
  });
});

describe("GET /v1c/membership-instances", () => {
  it("answers only the client's own: another client's is a 404", async () => {
    const { membershipId } = await scenarioWithMembership(3);
    const owner = await createTestClient(api.database.db);
    const stranger = await createTestClient(api.database.db);
    const instanceId = single(await bought(owner, membershipId)).id;
    await errorsOf(requests.get(`/membership-instances/${instanceId}`, stranger.authorization), 404);
    const theirs = await requests.read<Document>(requests.get("/membership-instances", stranger.authorization));
    expect(theirs.data).toEqual([]);
    const active = await requests.read<Document>(
      requests.get("/membership-instances?filter[status]=active&include=membership", owner.authorization),
    );
    expect((active.data as ResourceObject[]).map((each) => each.id)).toEqual([instanceId]);
    expect(ofType(active, "memberships").map((each) => each.id)).toEqual([String(membershipId)]);
    await errorsOf(requests.get("/membership-instances"), 401);
  });
});

describe("a booking covered by a membership", () => {
  it("costs 0 and is paid by the membership; cancelling returns the credit, with both in the history", async () => {
    const { scenario, membershipId } = await scenarioWithMembership(3);
    const client = await createTestClient(api.database.db);
    const instanceId = single(await bought(client, membershipId)).id;
    const { appointmentClientId } = await bookedIds(
      await bookAt(client, scenario, at(scenario, dayAhead(scenario), "10:00")),
    );
    const place = await appointmentClient(client, appointmentClientId);
    expect(place.attributes?.total_amount).toBe(0);
    expect(place.relationships?.paymentMethod?.data).toEqual({
      type: "payment-methods",
      id: String(PAYMENT_METHOD.membership),
    });
    expect(place.relationships?.membershipInstance?.data).toEqual({ type: "membership-instances", id: instanceId });
    expect(await instanceOf(client, instanceId)).toMatchObject({ creditsLeft: [2], uses: [1] });

    const cancelled = await booking().cancel(client, appointmentClientId);
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    expect(await instanceOf(client, instanceId)).toMatchObject({ creditsLeft: [3], uses: [-1, 1] });
  });

  it("starts a membership that starts on first use with the first booking it covers", async () => {
    const { scenario, membershipId } = await scenarioWithMembership(null, { periodMonths: 1 });
    await api.database.db.execute(sql`update memberships set starts_on = 'first_use' where id = ${membershipId}`);
    const client = await createTestClient(api.database.db);
    const instanceId = single(await bought(client, membershipId)).id;
    expect((await instanceOf(client, instanceId)).attributes).toMatchObject({ status: "active", starts_at: null });
    const { appointmentClientId } = await bookedIds(
      await bookAt(client, scenario, at(scenario, dayAhead(scenario), "11:00")),
    );
    expect((await appointmentClient(client, appointmentClientId)).attributes?.total_amount).toBe(0);
    const started = await instanceOf(client, instanceId);
    expect(started.attributes.starts_at).not.toBeNull();
    expect(started.creditsLeft).toEqual([null]);
  });

  it("does not cover a visit outside the membership's period: it is paid as usual", async () => {
    const { scenario, membershipId } = await scenarioWithMembership(3);
    const client = await createTestClient(api.database.db);
    const instanceId = single(await bought(client, membershipId)).id;
    await api.database.db.execute(
      sql`update membership_instances set starts_at = now() - interval '4 months', ends_at = now() - interval '1 month'
          where id = ${Number(instanceId)}`,
    );
    const { appointmentClientId } = await bookedIds(
      await bookAt(client, scenario, at(scenario, dayAhead(scenario), "12:00")),
    );
    const place = await appointmentClient(client, appointmentClientId);
    expect(place.attributes?.total_amount).toBe(4200);
    expect(place.relationships?.paymentMethod?.data).toEqual({ type: "payment-methods", id: "1" });
    expect(place.relationships?.membershipInstance?.data).toBeNull();
    expect(await instanceOf(client, instanceId)).toMatchObject({ creditsLeft: [3], uses: [] });
  });

  it("spends one credit per seat of a class session, and gives them all back when cancelled", async () => {
    const { scenario, membershipId } = await scenarioWithMembership(3);
    await makeClass(api.database.db, scenario, 8);
    const startsAt = at(scenario, dayAhead(scenario), "15:00");
    await addClassSession(api.database.db, scenario, { startsAt, capacity: 8 });
    const client = await createTestClient(api.database.db);
    const instanceId = single(await bought(client, membershipId)).id;
    const { appointmentClientId } = await bookedIds(await booking().bookSeats(client, scenario, startsAt, 2));
    const place = await appointmentClient(client, appointmentClientId);
    expect(place.attributes).toMatchObject({ seats_count: 2, total_amount: 0 });
    expect(place.relationships?.paymentMethod?.data).toEqual({ type: "payment-methods", id: "3" });
    expect(await instanceOf(client, instanceId)).toMatchObject({ creditsLeft: [1], uses: [2] });
    await booking().cancel(client, appointmentClientId);
    expect(await instanceOf(client, instanceId)).toMatchObject({ creditsLeft: [3], uses: [-2, 2] });
  });

  it("uses exactly 3 credits of 3 for 20 parallel bookings, never going below zero", async () => {
    const { scenario, membershipId } = await scenarioWithMembership(3);
    const client = await createTestClient(api.database.db);
    const instanceId = single(await bought(client, membershipId)).id;
    // 20 times that do not overlap (one client, one place at a time): only the credits limit what is covered.
    const times = [3, 4, 5].flatMap((days) =>
      ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00"].map((time) =>
        at(scenario, dayAhead(scenario, days), time),
      ),
    );
    const answers = await Promise.all(times.slice(0, 20).map((startsAt) => bookAt(client, scenario, startsAt)));
    const ids = await Promise.all(answers.map(async (answer) => (await bookedIds(answer)).appointmentClientId));
    const totals = await rawRows<{ total_minor: number; payment_method_id: number }>(
      api.database.db,
      sql`select total_minor, payment_method_id from appointment_clients
          where id in (${sql.join(
            ids.map((id) => sql`${Number(id)}`),
            sql`, `,
          )})`,
    );
    expect(totals.filter((row) => row.total_minor === 0)).toHaveLength(3);
    expect(totals.filter((row) => row.payment_method_id === PAYMENT_METHOD.membership)).toHaveLength(3);
    expect(totals.filter((row) => row.total_minor === 4200)).toHaveLength(17);
    expect(await instanceOf(client, instanceId)).toMatchObject({ creditsLeft: [0], uses: [1, 1, 1] });
  });
});
