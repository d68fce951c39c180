import Kitsu from "kitsu";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { MAX_PAGE_SIZE } from "@termin/contracts/jsonapi";
import { rawRows } from "@termin/db/raw-rows";
import { buildOpenApiDocument } from "./docs/openapi.ts";
import { startTestApi, type TestApi } from "./testing/start-test-api.ts";

// The API as a third party's code meets it: a maintained JSON:API client (kitsu) walks every public collection the
// document lists from its first page to its last by the documents' own links, and finds every resource on the way.

interface Page {
  data: Array<{ id: string; type?: string }> | { id: string; type?: string };
  meta?: { total?: number; pageCount?: number };
  links?: { next?: string | null; last?: string };
}

let api: TestApi;
/** Filters some collections need before they list anything (named by the document as required). */
let requiredFilters: Record<string, Record<string, string>>;

beforeAll(async () => {
  api = await startTestApi({ demoData: true });
  const [offer] = await rawRows<{ priceId: number; locationId: number }>(
    api.database.db,
    sql`select sp.id as "priceId", l.id as "locationId" from service_prices sp
        join services s on s.id = sp.service_id join locations l on l.business_id = s.business_id
        order by l.id, sp.id limit 1`,
  );
  const [studio] = await rawRows<{ locationId: number }>(
    api.database.db,
    sql`select a.location_id as "locationId" from appointments a where a.capacity > 1 order by a.id limit 1`,
  );
  requiredFilters = {
    "class-sessions": { location_id: String(studio?.locationId) },
    "search-suggestions": { q: "na" },
    "available-slots": { service_price_id: String(offer?.priceId), location_id: String(offer?.locationId) },
  };
});
afterAll(() => api.close());

/** The public collections of the document: GET /v1c/{type} that no bearer token guards, and whether each pages. */
function publicCollections(): Array<{ type: string; paged: boolean }> {
  const document = buildOpenApiDocument({ version: "test", serverUrl: api.baseUrl });
  return Object.entries(document.paths).flatMap(([path, operations]) => {
    const get = operations.get;
    // Public: no token needed (available-slots takes an optional one, and is no list to walk page by page); JSON:API
    // (not the free-time changes' event stream).
    if (!/^\/v1c\/[a-z-]+$/.test(path) || !get || (get.security ?? []).length > 0) return [];
    if (!Object.keys(get.responses?.["200"]?.content ?? {}).includes("application/vnd.api+json")) return [];
    const paged = (get.parameters ?? []).some((parameter) => parameter.name === "page[number]");
    return [{ type: path.slice("/v1c/".length), paged }];
  });
}

it("walks every public collection to its last page with a JSON:API client library", async () => {
  const client = new Kitsu({
    baseURL: `${api.baseUrl}/v1c`,
    pluralize: false,
    camelCaseTypes: false,
    resourceCase: "none",
  });
  const collections = publicCollections();
  expect(collections.length).toBeGreaterThan(20);
  const walkedFurther: string[] = [];
  for (const { type, paged } of collections) {
    const filter = requiredFilters[type];
    let number = 1;
    const seen = new Set<string>();
    for (let pages = 1; ; pages++) {
      const answer = (await client
        .get(type, {
          params: { ...(filter ? { filter } : {}), ...(paged ? { page: { number, size: MAX_PAGE_SIZE } } : {}) },
        })
        .catch((error: { response?: { data?: unknown } }) => {
          throw new Error(`${type}: ${JSON.stringify(error.response?.data ?? error)}`);
        })) as Page;
      const data = Array.isArray(answer.data) ? answer.data : [answer.data];
      for (const resource of data) seen.add(`${resource.type ?? type}:${resource.id}`);
      const next = answer.links?.next;
      if (!paged || !next) {
        expect(seen.size, type).toBe(answer.meta?.total ?? seen.size);
        if (paged) expect(pages, `${type}: pages walked`).toBe(answer.meta?.pageCount);
        break;
      }
      walkedFurther.push(type);
      // The next page is where the document's own link says.
      number = Number(new URL(next, api.baseUrl).searchParams.get("page[number]"));
      expect(number, `${type}: links.next`).toBe(pages + 1);
    }
    expect(seen.size, `${type} lists something in the demo data`).toBeGreaterThan(0);
  }
  // Not only first pages: the demo's reviews, media and more take several pages of MAX_PAGE_SIZE.
  expect(new Set(walkedFurther).size).toBeGreaterThan(1);
});
