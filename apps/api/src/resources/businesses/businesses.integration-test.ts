import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { CollectionDocument, ErrorDocument, ResourceIdentifier, SingleDocument } from "@termin/contracts/jsonapi";
import type {
  BusinessResource,
  BusinessTypeResource,
  LocationResource,
  MediaResource,
} from "@termin/contracts/catalogue-resources";
import { locations } from "@termin/db/catalogue-schema";
import { readJson, startTestApi, type TestApi } from "../../testing/start-test-api.ts";

let api: TestApi;
let queries: string[] = [];
beforeAll(async () => {
  api = await startTestApi({ demoData: true, onQuery: (query) => queries.push(query) });
});
afterAll(() => api.close());

type Businesses = CollectionDocument<BusinessResource>;
const get = (path: string, language = "en") =>
  fetch(`${api.baseUrl}${path}`, { headers: { "accept-language": language } });
const list = async (path: string, language?: string) => readJson<Businesses>(await get(path, language));
const ids = (resource: BusinessResource, name: string) =>
  ((resource.relationships?.[name]?.data ?? []) as ResourceIdentifier[]).map((identifier) => identifier.id);

describe("GET /v1c/businesses", () => {
  it("lists the 40 demo businesses by name, each with its type, logo and locations", async () => {
    const body = await list("/v1c/businesses?page[size]=100");
    expect(body.meta.total).toBe(40);
    const names = body.data.map((b) => b.attributes.name);
    const descending = (await list("/v1c/businesses?page[size]=100&sort=-name")).data.map((b) => b.attributes.name);
    expect(descending).toEqual([...names].reverse());
    expect(new Set(names).size).toBeGreaterThan(1);
    for (const business of body.data) {
      expect(business.attributes.currency).toMatch(/^[A-Z]{3}$/);
      expect(business.relationships?.businessType?.data).toMatchObject({ type: "business-types" });
      expect(business.relationships?.logo?.data).toMatchObject({ type: "media" });
      const own = await api.database.db
        .select({ id: locations.id })
        .from(locations)
        .where(eq(locations.businessId, Number(business.id)));
      expect(ids(business, "locations")).toEqual(own.map((row) => String(row.id)).sort((a, b) => +a - +b));
    }
  });

  it("filters by business type and includes type (in the request language), logo and locations", async () => {
    const body = await list(
      "/v1c/businesses?filter[business_type]=nail-salon&include=businessType,logo,locations&page[size]=100",
      "el",
    );
    expect(body.data.length).toBeGreaterThan(0);
    const included = body.included ?? [];
    const types = included.filter((r): r is BusinessTypeResource => r.type === "business-types");
    expect(types.map((t) => t.attributes)).toEqual([{ slug: "nail-salon", name: "Κέντρο νυχιών" }]);
    for (const business of body.data) {
      expect(business.relationships?.businessType?.data).toEqual({ type: "business-types", id: types[0]?.id });
    }
    const logos = included.filter((r): r is MediaResource => r.type === "media");
    expect(logos.map((m) => m.id).sort()).toEqual(
      body.data.map((b) => (b.relationships?.logo?.data as { id: string }).id).sort(),
    );
    expect(logos[0]?.attributes.image_url).toMatch(/^\/images\/\d+$/);
    const includedLocations = included.filter((r): r is LocationResource => r.type === "locations");
    expect(includedLocations.map((l) => l.id).sort()).toEqual(body.data.flatMap((b) => ids(b, "locations")).sort());
  });

  it("filters by slug", async () => {
    const [first] = (await list("/v1c/businesses?page[size]=1")).data;
    const body = await list(`/v1c/businesses?filter[slug]=${first?.attributes.slug}`);
    expect(body.data.map((b) => b.id)).toEqual([first?.id]);
  });

  it("loads locations and includes with one query per relationship, whatever the page size", async () => {
    const count = async (size: number) => {
      queries = [];
      await list(`/v1c/businesses?include=businessType,logo,locations&page[size]=${size}`);
      return queries.length;
    };
    expect(await count(2)).toBe(4);
    expect(await count(40)).toBe(4);
  });

  it("never exposes settings or staff commissions", async () => {
    const text = await (await get("/v1c/businesses?include=businessType,logo,locations&page[size]=100")).text();
    expect(text).not.toMatch(/settings|onlineBooking|commission|invoicePrefix/i);
  });

  it("answers 400 for unknown filters, sorts and includes", async () => {
    for (const query of ["filter[city]=sofia", "sort=rating", "include=settings"]) {
      const response = await get(`/v1c/businesses?${query}`);
      expect(response.status).toBe(400);
      expect((await readJson<ErrorDocument>(response)).errors[0]?.detail).toBeTruthy();
    }
  });
});

describe("GET /v1c/businesses/:id", () => {
  it("returns one business with its locations", async () => {
    const body = await readJson<SingleDocument<BusinessResource>>(await get("/v1c/businesses/1?include=locations"));
    expect(body.data.id).toBe("1");
    expect(body.included?.map((r) => r.type)).toContain("locations");
  });

  it("answers 404 for an unknown id", async () => {
    expect((await get("/v1c/businesses/99999")).status).toBe(404);
    expect((await get("/v1c/businesses/first")).status).toBe(404);
  });
});

describe("GET /v1c/openapi.json", () => {
  it("describes every directory resource, list and item", async () => {
    const document = await readJson<{ paths: Record<string, unknown> }>(await get("/v1c/openapi.json"));
    for (const type of [
      "businesses",
      "cities",
      "neighborhoods",
      "business-types",
      "currencies",
      "tags",
      "working-hours",
      "resources",
      "settings",
    ]) {
      expect(Object.keys(document.paths)).toEqual(expect.arrayContaining([`/v1c/${type}`, `/v1c/${type}/{id}`]));
    }
  });
});
