import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql, type SQL } from "drizzle-orm";
import type { CollectionDocument, ErrorDocument, ResourceObject } from "@termin/contracts/jsonapi";
import { JSONAPI_MEDIA_TYPE } from "@termin/contracts/jsonapi";
import { SITE_HOST_HEADER } from "@termin/contracts/site";
import { rawRows } from "@termin/db/raw-rows";
import { DEMO_CLIENT } from "@termin/db/seed/demo/demo-client";
import { demoDomainOf } from "@termin/db/seed/demo/demo-domains";
import { issueTokens } from "../auth/issue-tokens.ts";
import { readJson, startTestApi, type TestApi } from "../testing/start-test-api.ts";
import { readBusinessOwners, type BusinessOwners } from "./testing/business-owners.ts";

/**
 * On one business's own site, the signed-in client's own lists show that business's things only (their
 * appointments, saved places, liked pictures, waitlist places, forms and answers, notifications, basket and payment
 * links), and what they book, save, like or answer there is that business's.
 */

let api: TestApi;
let owners: BusinessOwners;
let authorization: string;
/** The business the demo client has most appointments at, whose domain the tests use. */
let home: { id: number; slug: string };
/** Another business's place, inspiration picture, and bookable service price with its place. */
let elsewhere: { location: string; media: string; servicePrice: string; servicePriceLocation: string };
/** One of each of these lists' resources of the client's at another business than `home`. */
let ownElsewhere: Record<OwnType, string>;

beforeAll(async () => {
  api = await startTestApi({ demoData: true });
  const db = api.database.db;
  owners = await readBusinessOwners(db);
  authorization = `Bearer ${(await issueTokens({ db, clientId: DEMO_CLIENT.id })).access_token}`;
  const [business] = await rawRows<{ id: number; slug: string }>(
    db,
    sql`select b.id, b.slug from appointment_clients ac join appointments a on a.id = ac.appointment_id
        join locations l on l.id = a.location_id join businesses b on b.id = l.business_id
        where ac.client_id = ${DEMO_CLIENT.id} group by b.id order by count(*) desc, b.id limit 1`,
  );
  if (!business) throw new Error("the demo client has appointments");
  home = business;
  const [picture] = await rawRows<{ id: number }>(
    db,
    sql`select id from media where inspiration and business_id <> ${home.id} order by id limit 1`,
  );
  const [price] = await rawRows<{ id: number; location_id: number }>(
    db,
    sql`select sp.id, l.id as location_id from service_prices sp join services s on s.id = sp.service_id
        join locations l on l.business_id = s.business_id
        where s.business_id <> ${home.id} and s.kind = 'appointment' order by sp.id limit 1`,
  );
  elsewhere = {
    location: owners.idOutside("locations", home.id) ?? "",
    media: String(picture?.id),
    servicePrice: String(price?.id),
    servicePriceLocation: String(price?.location_id),
  };
  ownElsewhere = await ownThingsElsewhere();
  // On the marketplace the client saves a place and likes a picture of another business.
  expect((await send("POST", "/v1c/user-locations", undefined, saving(elsewhere.location))).status).toBe(201);
  expect((await send("POST", "/v1c/likes", undefined, liking(elsewhere.media))).status).toBe(201);
});
afterAll(() => api.close());

function send(method: "GET" | "POST" | "PATCH" | "DELETE", path: string, host: string | undefined, body?: unknown) {
  return fetch(`${api.baseUrl}${path}`, {
    method,
    headers: {
      accept: JSONAPI_MEDIA_TYPE,
      authorization,
      ...(host ? { [SITE_HOST_HEADER]: host } : {}),
      ...(body ? { "content-type": JSONAPI_MEDIA_TYPE } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}
const homeSite = () => demoDomainOf(home.slug);
const saving = (id: string) => ({
  data: { type: "user-locations", relationships: { location: { data: { type: "locations", id } } } },
});
const liking = (id: string) => ({ data: { type: "likes", relationships: { media: { data: { type: "media", id } } } } });

/** The businesses of a client's list: of the place an appointment is at, the saved place, the liked picture. */
function businessesOf(type: string, resources: ResourceObject[]): Set<number | null | undefined> {
  return new Set(
    resources.map((resource) => {
      if (type === "user-locations") return owners.ownerOf("locations", resource.id);
      if (type === "likes") return owners.ownerOf("media", resource.id);
      const location = resource.relationships?.location?.data as { id: string } | undefined;
      return owners.ownerOf("locations", location?.id ?? "");
    }),
  );
}

/** The client's own lists whose resources belong to a business through what they are about. */
const OWN_TYPES = [
  "waitlist-entries",
  "forms",
  "form-answers",
  "notifications",
  "booking-holds",
  "payment-links",
] as const;
type OwnType = (typeof OWN_TYPES)[number];

/** Each of these lists' resources of the demo client, with the business it belongs to. */
const OWNERS: Readonly<Record<OwnType, SQL>> = {
  "waitlist-entries": sql`select w.id::text as id, l.business_id from waitlist_entries w
    join appointments a on a.id = w.appointment_id join locations l on l.id = a.location_id
    where w.client_id = ${DEMO_CLIENT.id}`,
  forms: sql`select r.id::text as id, f.business_id from form_requests r join forms f on f.id = r.form_id
    where r.client_id = ${DEMO_CLIENT.id}`,
  "form-answers": sql`select fa.id::text as id, f.business_id from form_answers fa
    join form_requests r on r.id = fa.form_request_id join forms f on f.id = r.form_id
    where fa.client_id = ${DEMO_CLIENT.id}`,
  notifications: sql`select id::text as id, business_id from notifications where client_id = ${DEMO_CLIENT.id}`,
  "booking-holds": sql`select h.id::text as id, l.business_id from booking_holds h join locations l on l.id = h.location_id
    where h.client_id = ${DEMO_CLIENT.id}`,
  "payment-links": sql`select p.id::text as id, coalesce(l.business_id, m.business_id) as business_id from payment_links p
    left join appointment_clients ac on ac.id = p.appointment_client_id left join appointments a on a.id = ac.appointment_id
    left join locations l on l.id = a.location_id left join membership_instances mi on mi.id = p.membership_instance_id
    left join memberships m on m.id = mi.membership_id where p.client_id = ${DEMO_CLIENT.id}`,
};

async function ownersOf(type: OwnType): Promise<Map<string, number | null>> {
  const rows = await rawRows<{ id: string; business_id: number | null }>(api.database.db, OWNERS[type]);
  return new Map(rows.map((row) => [row.id, row.business_id]));
}

/** The first id a query finds (the data the test needs is in the demo). */
async function firstId(query: SQL): Promise<string> {
  const [row] = await rawRows<{ id: string | number }>(api.database.db, query);
  if (!row) throw new Error("the demo data has what this test needs");
  return String(row.id);
}

/** The client's first form of another business than `home` not yet answered. */
const pendingFormElsewhere = () =>
  firstId(
    sql`select r.id from form_requests r join forms f on f.id = r.form_id left join form_answers fa on fa.form_request_id = r.id
        where r.client_id = ${DEMO_CLIENT.id} and f.business_id <> ${home.id} and fa.id is null order by r.id limit 1`,
  );

/**
 * One of each at another business than `home`: the demo's forms are of several businesses; an answer, a
 * notification, a waitlist place, a held time and a payment link are written for another business's.
 */
async function ownThingsElsewhere(): Promise<Record<OwnType, string>> {
  const client = DEMO_CLIENT.id;
  const form = await pendingFormElsewhere();
  const place = Number(elsewhere.servicePriceLocation);
  const business = Number(await firstId(sql`select business_id as id from locations where id = ${place}`));
  const employee = await firstId(sql`select id from employees where business_id = ${business} order by id limit 1`);
  const session = await firstId(
    sql`select a.id from appointments a join locations l on l.id = a.location_id
        where a.capacity is not null and a.starts_at > now() and l.business_id <> ${home.id} and not exists (
          select 1 from waitlist_entries w where w.appointment_id = a.id and w.client_id = ${client})
        order by a.id limit 1`,
  );
  const visit = await firstId(
    sql`select ac.id from appointment_clients ac join appointments a on a.id = ac.appointment_id
        join locations l on l.id = a.location_id where ac.client_id = ${client} and l.business_id <> ${home.id}
        order by ac.id limit 1`,
  );
  return {
    forms: form,
    "form-answers": await firstId(
      sql`insert into form_answers (form_request_id, client_id, values) values (${form}, ${client}, '{}') returning id`,
    ),
    notifications: await firstId(
      sql`insert into notifications (client_id, title, body, business_id)
          values (${client}, 'Offer', 'Of another business', ${business}) returning id`,
    ),
    "waitlist-entries": await firstId(
      sql`insert into waitlist_entries (appointment_id, client_id) values (${Number(session)}, ${client}) returning id`,
    ),
    "booking-holds": await firstId(
      sql`insert into booking_holds (client_id, location_id, service_price_id, employee_id, starts_at, ends_at, expires_at)
          values (${client}, ${place}, ${Number(elsewhere.servicePrice)}, ${Number(employee)},
                  now() + interval '5 days', now() + interval '5 days 1 hour', now() + interval '1 day') returning id`,
    ),
    "payment-links": await firstId(
      sql`insert into payment_links (client_id, appointment_client_id, amount_minor, currency_code, token, release_at)
          select ${client}, ac.id, 1000, ac.currency_code, 'site-test-' || ac.id, now() + interval '1 day'
          from appointment_clients ac where ac.id = ${Number(visit)} returning id`,
    ),
  };
}

describe("a signed-in client's own lists on one business's site", () => {
  it.each(OWN_TYPES)("lists their %s of that business only, and finds another's as unknown", async (type) => {
    const owners = await ownersOf(type);
    const onSite = await readJson<CollectionDocument<ResourceObject>>(
      await send("GET", `/v1c/${type}?page[size]=100`, homeSite()),
    );
    const everywhere = await readJson<CollectionDocument<ResourceObject>>(
      await send("GET", `/v1c/${type}?page[size]=100`, undefined),
    );
    const businesses = new Set(onSite.data.map((resource) => owners.get(resource.id)));
    expect(businesses, type).toEqual(new Set(onSite.data.length > 0 ? [home.id] : []));
    expect(everywhere.data.map((resource) => resource.id)).toContain(ownElsewhere[type]);

    const path = `/v1c/${type}/${ownElsewhere[type]}`;
    expect((await send("GET", path, homeSite())).status, path).toBe(404);
    expect((await send("GET", path, undefined)).status, path).toBe(200);
  });

  it("cannot let go of another business's held time or waitlist place there, nor mark its notification", async () => {
    for (const type of ["booking-holds", "waitlist-entries"] as const) {
      const path = `/v1c/${type}/${ownElsewhere[type]}`;
      expect((await send("DELETE", path, homeSite())).status, path).toBe(404);
      expect((await send("GET", path, undefined)).status, path).toBe(200);
    }
    const id = ownElsewhere.notifications;
    const read = { data: { type: "notifications", id, attributes: { read: true } } };
    expect((await send("PATCH", `/v1c/notifications/${id}`, homeSite(), read)).status).toBe(404);
  });

  it("cannot answer another business's form there", async () => {
    const form = { data: { type: "forms", id: await pendingFormElsewhere() } };
    const answer = { data: { type: "form-answers", attributes: { values: {} }, relationships: { form } } };
    expect((await send("POST", "/v1c/form-answers", homeSite(), answer)).status).toBe(404);
  });
});

describe("a signed-in client on one business's site", () => {
  it.each(["appointment-clients", "user-locations", "likes"])("lists their %s of that business only", async (type) => {
    const onSite = await readJson<CollectionDocument<ResourceObject>>(
      await send("GET", `/v1c/${type}?page[size]=100`, homeSite()),
    );
    const everywhere = await readJson<CollectionDocument<ResourceObject>>(
      await send("GET", `/v1c/${type}?page[size]=100`, undefined),
    );
    expect([...businessesOf(type, everywhere.data)].length, type).toBeGreaterThan(1);
    if (onSite.data.length > 0) expect([...businessesOf(type, onSite.data)]).toEqual([home.id]);
    expect(onSite.meta?.total).toBeLessThan(everywhere.meta?.total ?? 0);
  });

  it("finds another business's saved place, like and appointment as unknown", async () => {
    const [appointment] = await rawRows<{ id: number; appointment_id: number }>(
      api.database.db,
      sql`select ac.id, ac.appointment_id from appointment_clients ac join appointments a on a.id = ac.appointment_id
          join locations l on l.id = a.location_id where ac.client_id = ${DEMO_CLIENT.id} and l.business_id <> ${home.id}
          order by ac.id limit 1`,
    );
    for (const path of [
      `/v1c/user-locations/${elsewhere.location}`,
      `/v1c/likes/${elsewhere.media}`,
      `/v1c/appointment-clients/${appointment?.id}`,
      `/v1c/appointments/${appointment?.appointment_id}`,
    ]) {
      expect((await send("GET", path, homeSite())).status, path).toBe(404);
      expect((await send("GET", path, undefined)).status, path).toBe(200);
    }
  });

  it("cannot save, like, hold or book another business's there, nor see its free times", async () => {
    expect((await send("POST", "/v1c/user-locations", homeSite(), saving(elsewhere.location))).status).toBe(404);
    expect((await send("POST", "/v1c/likes", homeSite(), liking(elsewhere.media))).status).toBe(404);

    const startsAt = "2030-06-03T10:00:00+00:00";
    const servicePrice = { data: { type: "service-prices", id: elsewhere.servicePrice } };
    const location = { data: { type: "locations", id: elsewhere.servicePriceLocation } };
    const refusals = [
      await send("POST", "/v1c/booking-holds", homeSite(), {
        data: { type: "booking-holds", attributes: { starts_at: startsAt }, relationships: { servicePrice, location } },
      }),
      await send("POST", "/v1c/appointments", homeSite(), {
        data: {
          type: "appointments",
          attributes: { services: [{ service_price_id: elsewhere.servicePrice, starts_at: startsAt }] },
          relationships: { location },
        },
      }),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(422);
      expect((await readJson<ErrorDocument>(refused)).errors[0]?.code).toBe("unknown_service_price");
    }
    const slots = `/v1c/available-slots?filter[service_price_id]=${elsewhere.servicePrice}&filter[location_id]=${elsewhere.servicePriceLocation}`;
    expect((await send("GET", slots, homeSite())).status).toBe(404);
    expect((await send("GET", slots, undefined)).status).toBe(200);
  });
});
