import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CollectionDocument, ResourceObject, SingleDocument } from "@termin/contracts/jsonapi";
import { relationshipNames } from "@termin/contracts/resource-relationships";
import { rawRows } from "@termin/db/raw-rows";
import { DEMO_CLIENT } from "@termin/db/seed/demo/demo-client";
import { issueTokens } from "./auth/issue-tokens.ts";
import { buildOpenApiDocument, type Operation } from "./docs/openapi.ts";
import { readJson, startTestApi, type TestApi } from "./testing/start-test-api.ts";

// Every collection the document lists, public and the signed-in client's, as a client walks it: each resource's
// links.self answers GET with that resource, and fields[type] keeps the named attributes and relationships only.
// The demo client owns some of everything; it holds a time too, so its basket lists something.

let api: TestApi;
let authorization: string;
/** Filters some collections need before they list anything. */
let requiredFilters: Record<string, string>;

interface Collection {
  type: string;
  path: string;
  /** Every includable relationship, as the document's include example lists them. */
  include: string | undefined;
  attributes: string[];
}

beforeAll(async () => {
  api = await startTestApi({ demoData: true });
  authorization = `Bearer ${(await issueTokens({ db: api.database.db, clientId: DEMO_CLIENT.id })).access_token}`;
  // A service with free times this week (some demo businesses take no online bookings).
  const offers = await rawRows<{ priceId: number; locationId: number }>(
    api.database.db,
    sql`select sp.id as "priceId", l.id as "locationId" from service_prices sp
        join services s on s.id = sp.service_id join locations l on l.business_id = s.business_id
        order by l.id, sp.id limit 50`,
  );
  let offer: { priceId: number; locationId: number } | undefined;
  let slotFilter = "";
  let startsAt: string | undefined;
  for (const each of offers) {
    slotFilter = `filter[service_price_id]=${each.priceId}&filter[location_id]=${each.locationId}`;
    const slots = await readJson<CollectionDocument<ResourceObject>>(await get(`/v1c/available-slots?${slotFilter}`));
    startsAt = slots.data[0]?.id;
    offer = each;
    if (startsAt) break;
  }
  requiredFilters = { "search-suggestions": "filter[q]=na", "available-slots": slotFilter };
  const hold = await fetch(`${api.baseUrl}/v1c/booking-holds`, {
    method: "POST",
    headers: { authorization, "content-type": "application/vnd.api+json" },
    body: JSON.stringify({
      data: {
        type: "booking-holds",
        attributes: { starts_at: startsAt },
        relationships: {
          servicePrice: { data: { type: "service-prices", id: String(offer?.priceId) } },
          location: { data: { type: "locations", id: String(offer?.locationId) } },
        },
      },
    }),
  });
  expect(hold.status, await hold.clone().text()).toBe(201);
});
afterAll(() => api.close());

const get = (path: string) => fetch(`${api.baseUrl}${path}`, { headers: { authorization } });

/** GET /v1c/{type} of the document that answer a list, with what their resources' schema says they carry. */
function collections(): Collection[] {
  const document = buildOpenApiDocument({ version: "test", serverUrl: api.baseUrl });
  const { schemas } = document.components;
  const attributesOf = (name: string): string[] => {
    const schema = schemas[name] as { allOf?: Array<{ $ref?: string }>; properties?: Record<string, unknown> };
    const base = schema.allOf?.[0]?.$ref?.split("/").pop();
    if (base) return attributesOf(base);
    return Object.keys((schema.properties?.attributes as { properties: object }).properties);
  };
  return Object.entries(document.paths).flatMap(([path, operations]) => {
    const get: Operation | undefined = operations.get;
    const listed = get?.responses?.["200"]?.content?.["application/vnd.api+json"]?.schema as
      { properties?: { data?: { items?: { $ref?: string } } } } | undefined;
    const name = listed?.properties?.data?.items?.$ref?.split("/").pop();
    const fields = get?.parameters?.find((parameter) => parameter.name.startsWith("fields["));
    if (!/^\/v1c\/[a-z-]+$/.test(path) || !name || !fields) return [];
    const include = get?.parameters?.find((parameter) => parameter.name === "include")?.example;
    return [
      {
        type: fields.name.slice("fields[".length, -1),
        path,
        // A list of include names (comma-separated on the wire).
        include: Array.isArray(include) && include.length > 0 ? include.join(",") : undefined,
        attributes: attributesOf(name),
      },
    ];
  });
}

const query = (collection: Collection, extra: Record<string, string>) => {
  const filter = requiredFilters[collection.path.slice("/v1c/".length)];
  const parameters = new URLSearchParams(extra).toString();
  return `${collection.path}?${[filter, parameters].filter(Boolean).join("&")}`;
};

describe("every collection", () => {
  it("has links that answer GET: its pages, and each resource's links.self with that resource", async () => {
    const all = collections();
    expect(all.length).toBeGreaterThan(25);
    const checked = new Set<string>();
    for (const collection of all) {
      const response = await get(query(collection, collection.include ? { include: collection.include } : {}));
      expect(response.status, collection.path).toBe(200);
      const document = await readJson<CollectionDocument<ResourceObject>>(response);
      expect(document.data.length, `${collection.path} lists something in the demo data`).toBeGreaterThan(0);
      for (const [name, link] of Object.entries(document.links)) {
        if (link) expect((await get(link)).status, `${collection.path} links.${name}: ${link}`).toBe(200);
      }
      for (const resource of [...document.data, ...(document.included ?? [])]) {
        const self = resource.links?.self;
        if (!self || checked.has(self)) continue;
        checked.add(self);
        const answer = await get(self);
        expect(answer.status, `${resource.type} ${resource.id}: GET ${self}`).toBe(200);
        if (!self.startsWith("/v1c/")) continue; // an avatar's self is its picture
        const { data } = await readJson<SingleDocument<ResourceObject>>(answer);
        expect({ type: data.type, id: data.id }, `GET ${self}`).toEqual({ type: resource.type, id: resource.id });
      }
    }
    expect(checked.size).toBeGreaterThan(100);
  });

  it("keeps only the attributes and relationships fields[type] names", async () => {
    for (const collection of collections()) {
      const [attribute] = collection.attributes;
      const [relationship] = relationshipNames(collection.type);
      const named = [attribute, relationship].filter((field): field is string => field !== undefined);
      for (const fields of [named, relationship ? [relationship] : []]) {
        if (fields.length === 0) continue;
        // With every include: some relationships are there only when what they point at is included.
        const include: Record<string, string> = collection.include ? { include: collection.include } : {};
        const response = await get(query(collection, { ...include, [`fields[${collection.type}]`]: fields.join(",") }));
        expect(response.status, `${collection.path} fields ${fields.join(",")}`).toBe(200);
        const { data } = await readJson<CollectionDocument<ResourceObject>>(response);
        expect(data.length, collection.path).toBeGreaterThan(0);
        const seen = new Set(
          data.flatMap((resource) => [
            ...Object.keys(resource.attributes),
            ...Object.keys(resource.relationships ?? {}),
          ]),
        );
        expect([...seen].sort(), `${collection.path}?fields[${collection.type}]=${fields.join(",")}`).toEqual(
          [...fields].sort(),
        );
      }
    }
  });
});
