import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq, sql } from "drizzle-orm";
import type { ResourceObject } from "@termin/contracts/jsonapi";
import { SITE_EMBED_HEADER, SITE_HOST_HEADER } from "@termin/contracts/site";
import { businesses, locations } from "@termin/db/catalogue-schema";
import { rawRows } from "@termin/db/raw-rows";
import { demoDomainOf } from "@termin/db/seed/demo/demo-domains";
import { buildOpenApiDocument } from "../docs/openapi.ts";
import { readJson, startTestApi, type TestApi } from "../testing/start-test-api.ts";
import { readBusinessOwners, type BusinessOwners } from "./testing/business-owners.ts";

/**
 * The sites matrix (decision 0046): every public list and find the OpenAPI document lists, asked in each mode for a
 * business with several places and one with one place, shows nothing of another business, in data or included, and
 * another business's ids answer 404. Endpoints and their filters and includes come from the document, so a new one
 * is asked too; a resource type the matrix cannot tell the business of fails it (add it to business-owners.ts).
 */

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: { items?: { enum?: string[] } };
}
interface Operation {
  parameters?: Parameter[];
  security?: object[];
  responses: Record<string, { content?: Record<string, unknown> }>;
}

const openApi = buildOpenApiDocument({ version: "test", serverUrl: "http://localhost" }) as unknown as {
  paths: Record<string, { get?: Operation }>;
};

/** GET operations under /v1c that anyone may call (no security, or an optional one) and that answer JSON:API. */
const publicReads = Object.entries(openApi.paths).flatMap(([path, item]) => {
  const operation = item.get;
  if (!operation || !path.startsWith("/v1c/")) return [];
  const anyone =
    (operation.security ?? []).length === 0 || operation.security?.some((each) => !Object.keys(each).length);
  const jsonApi = Object.keys(operation.responses["200"]?.content ?? {}).includes("application/vnd.api+json");
  return anyone && jsonApi ? [{ path, operation }] : [];
});
const LISTS = publicReads.filter(({ path }) => !path.includes("{"));
const FINDS = publicReads.filter(({ path }) => /^\/v1c\/[a-z-]+\/\{id\}$/.test(path));

/** The type a filter's ids are of. */
const ID_FILTERS: Readonly<Record<string, string>> = {
  business: "businesses",
  business_id: "businesses",
  location: "locations",
  location_id: "locations",
  service: "services",
  service_id: "services",
  employee: "employees",
  employee_id: "employees",
  service_category: "service-categories",
  service_price_id: "service-prices",
  review: "reviews",
};

type ModeName = "marketplace" | "domain" | "embed" | "private";
interface Business {
  id: number;
  slug: string;
}
interface Mode {
  name: ModeName;
  /** The one business the site shows; null on the marketplace. */
  business: Business | null;
  get(path: string): Promise<Response>;
}

let api: TestApi;
const privateApis = new Map<string, TestApi>();
let owners: BusinessOwners;
/** A demo business with several places, one with a single place. */
let several: Business;
let single: Business;
/** Values of the filters that are not ids: a city where other businesses hold classes, a word of a place's name. */
let classCity: string;
let placeWord: string;

beforeAll(async () => {
  api = await startTestApi({ demoData: true });
  const db = api.database.db;
  const perBusiness = await db
    .select({ id: businesses.id, slug: businesses.slug, places: count(locations.id) })
    .from(businesses)
    .innerJoin(locations, eq(locations.businessId, businesses.id))
    .groupBy(businesses.id)
    .orderBy(sql`count(${locations.id}) desc`, businesses.id);
  several = perBusiness[0] as Business;
  single = perBusiness.find((business) => business.places === 1) as Business;
  owners = await readBusinessOwners(db);
  const [city] = await rawRows<{ city_id: number }>(
    db,
    sql`select l.city_id from appointments a join locations l on l.id = a.location_id
        where a.capacity is not null and a.starts_at > now() group by l.city_id order by count(*) desc limit 1`,
  );
  classCity = String(city?.city_id);
  const [place] = await rawRows<{ name: string }>(
    db,
    sql`select name from locations where business_id not in (${several.id}, ${single.id}) order by id limit 1`,
  );
  placeWord = place?.name.split(/\s+/).find((word) => word.length >= 4) ?? "salon";
  for (const business of [several, single]) {
    privateApis.set(business.slug, await startTestApi({ demoData: true, env: { PRIVATE_BUSINESS: business.slug } }));
  }
}, 120_000);
afterAll(async () => {
  for (const each of privateApis.values()) await each.close();
  await api?.close();
});

const on = (base: () => TestApi, headers: Record<string, string>) => (path: string) =>
  fetch(`${base().baseUrl}${path}`, { headers });

function modesOf(pick: () => Business): Mode[] {
  const business = () => pick();
  return [
    {
      name: "domain",
      get business() {
        return business();
      },
      get: (path) => on(() => api, { [SITE_HOST_HEADER]: demoDomainOf(business().slug) })(path),
    },
    {
      name: "embed",
      get business() {
        return business();
      },
      get: (path) => on(() => api, { [SITE_EMBED_HEADER]: business().slug })(path),
    },
    {
      name: "private",
      get business() {
        return business();
      },
      get: (path) => on(() => privateApis.get(business().slug) as TestApi, {})(path),
    },
  ];
}

const marketplace: Mode = { name: "marketplace", business: null, get: (path) => on(() => api, {})(path) };

/** The business a resource of an answer is of: null for reference data, undefined when the matrix cannot tell. */
function ownerOfResource(resource: ResourceObject, asked: URL): number | null | undefined {
  // Free times are of the place asked about.
  if (resource.type === "available-slots")
    return owners.ownerOf("locations", asked.searchParams.get("filter[location_id]") ?? "");
  if (resource.type === "search-suggestions") {
    const [, kind, id] = /^([a-z_]+)-(\d+)$/.exec(resource.id) ?? [];
    return kind === "location" ? owners.ownerOf("locations", id ?? "") : null;
  }
  return owners.ownerOf(resource.type, resource.id);
}

/** Every resource of an answer, in data and included, is the site's business's or reference data. */
function expectWithinSite(
  body: { data: ResourceObject | ResourceObject[]; included?: ResourceObject[] },
  mode: Mode,
  asked: URL,
) {
  const resources = [...(Array.isArray(body.data) ? body.data : [body.data]), ...(body.included ?? [])];
  const seen = new Set<number>();
  for (const resource of resources) {
    const owner = ownerOfResource(resource, asked);
    const where = `${mode.name} ${asked.pathname}${asked.search}: ${resource.type} ${resource.id}`;
    expect(owner, `${where} is of no business the matrix knows (add its type to business-owners.ts)`).not.toBe(
      undefined,
    );
    if (owner === null || owner === undefined) continue;
    seen.add(owner);
    if (mode.business) expect(owner, where).toBe(mode.business.id);
  }
  return seen;
}

/** The value of a filter for the site's own business, or for another one; undefined when the matrix has none. */
function filterValue(name: string, listType: string, business: number | null, side: "own" | "outside") {
  const pick = (type: string) =>
    side === "outside" || business === null ? owners.idOutside(type, business) : owners.idOf(type, business);
  const type = name === "id" ? listType : ID_FILTERS[name];
  if (type) return pick(type);
  if (name === "slug") {
    const id = pick(listType);
    return id && owners.slugOf(listType, id);
  }
  if (name === "city_id") return classCity;
  if (name === "q") return placeWord;
  return undefined;
}

/**
 * The queries a list is asked with: all its includes and its required filters (the site's own ids), then each
 * filter the matrix has a value for set to another business's, then all of them at once.
 */
function listQueries(path: string, operation: Operation, business: number | null): URL[] {
  const listType = path.split("/")[2] ?? "";
  const parameters = operation.parameters ?? [];
  const base = new URLSearchParams();
  const include = parameters.find((parameter) => parameter.name === "include")?.schema?.items?.enum ?? [];
  if (include.length > 0) base.set("include", include.join(","));
  if (parameters.some((parameter) => parameter.name === "page[size]")) base.set("page[size]", "100");
  const filters = parameters.flatMap((parameter) => /^filter\[(.+)\]$/.exec(parameter.name)?.[1] ?? []);
  for (const parameter of parameters.filter((each) => each.required && each.name.startsWith("filter["))) {
    const name = parameter.name.slice(7, -1);
    const value = filterValue(name, listType, business, "own");
    if (value) base.set(parameter.name, value);
  }
  const variants = [base];
  const all = new URLSearchParams(base);
  for (const name of filters) {
    const value = filterValue(name, listType, business, "outside");
    if (!value) continue;
    const variant = new URLSearchParams(base);
    variant.set(`filter[${name}]`, value);
    all.set(`filter[${name}]`, value);
    variants.push(variant);
  }
  variants.push(all);
  return variants.map((query) => new URL(`${path}?${query}`, "http://api"));
}

async function askLists(mode: Mode): Promise<Set<number>> {
  const seen = new Set<number>();
  for (const { path, operation } of LISTS) {
    const statuses: number[] = [];
    for (const asked of listQueries(path, operation, mode.business?.id ?? null)) {
      const response = await mode.get(`${asked.pathname}${asked.search}`);
      statuses.push(response.status);
      // 404: a place or price of another business is unknown there; 400: a list that needs a filter it was not given.
      expect([200, 400, 404], `${mode.name} ${asked.pathname}${asked.search}`).toContain(response.status);
      if (response.status !== 200) continue;
      for (const owner of expectWithinSite(await readJson(response), mode, asked)) seen.add(owner);
    }
    expect(statuses, `${mode.name} ${path} answers some query`).toContain(200);
  }
  return seen;
}

async function askFinds(mode: Mode, business: Business) {
  for (const { path, operation } of FINDS) {
    const type = path.split("/")[2] ?? "";
    if (!owners.isOwned(type)) {
      expect(owners.ownerOf(type, "1"), `${path}: add ${type} to business-owners.ts`).toBe(null);
      continue;
    }
    const include = operation.parameters?.find((each) => each.name === "include")?.schema?.items?.enum ?? [];
    const query = include.length > 0 ? `?include=${include.join(",")}` : "";
    const elsewhere = owners.idOutside(type, business.id);
    if (elsewhere) {
      expect((await mode.get(`/v1c/${type}/${elsewhere}${query}`)).status, `${mode.name} ${type} ${elsewhere}`).toBe(
        mode.business ? 404 : 200,
      );
    }
    const own = owners.idOf(type, business.id);
    if (!own) continue;
    const response = await mode.get(`/v1c/${type}/${own}${query}`);
    expect(response.status, `${mode.name} ${type} ${own}`).toBe(200);
    expectWithinSite(await readJson(response), mode, new URL(`/v1c/${type}/${own}${query}`, "http://api"));
  }
}

describe("the sites matrix: every public list and find of the OpenAPI document", () => {
  it("covers the document's public lists and finds", () => {
    expect(LISTS.length).toBeGreaterThan(20);
    expect(FINDS.length).toBeGreaterThan(15);
  });

  it("on the marketplace: every business, and every id found", async () => {
    expect((await askLists(marketplace)).size).toBeGreaterThan(10);
    await askFinds(marketplace, several);
  }, 180_000);

  describe.each([
    ["several places", () => several],
    ["one place", () => single],
  ])("a business with %s", (_, pick) => {
    it.each(modesOf(pick).map((mode) => [mode.name, mode] as const))(
      "in the %s mode: its own resources only, another's ids 404",
      async (_name, mode) => {
        const seen = await askLists(mode);
        expect([...seen]).toEqual([pick().id]);
        await askFinds(mode, pick());
      },
      180_000,
    );
  });
});
