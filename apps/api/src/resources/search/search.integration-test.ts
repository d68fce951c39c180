import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql, TransactionRollbackError, type SQLWrapper } from "drizzle-orm";
import type { Database } from "@termin/db/database";
import type { CollectionDocument, ErrorDocument } from "@termin/contracts/jsonapi";
import type { SearchResultResource } from "@termin/contracts/search-resources";
import {
  businesses,
  businessTypes,
  cities,
  currencies,
  exchangeRates,
  locations,
  marketplaceServices,
  neighborhoods,
  services,
} from "@termin/db/catalogue-schema";
import { locationSearchDocuments } from "@termin/db/search-schema";
import { EXCHANGE_RATE_DATE } from "@termin/db/seed/exchange-rates";
import { readJson, startTestApi, type TestApi } from "../../testing/start-test-api.ts";
import { buildSearchQuery, wordMatchQuery } from "./search-locations.ts";
import type { SearchParameters } from "./search-parameters.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ demoData: true });
});
afterAll(() => api.close());

type Results = CollectionDocument<SearchResultResource>;
const get = (query: string) => fetch(`${api.baseUrl}/v1c/search?${query}`);
const search = async (query: string) => {
  const response = await get(query);
  expect(response.status).toBe(200);
  return readJson<Results>(response);
};
const ids = (body: Results) => body.data.map((location) => Number(location.id));

/** Ids of the locations whose business offers a service of one of these kinds (or categories). */
async function locationsOffering(where: { slug?: string; category?: string }): Promise<number[]> {
  const rows = await api.database.db
    .selectDistinct({ id: locations.id })
    .from(locations)
    .innerJoin(services, eq(services.businessId, locations.businessId))
    .innerJoin(marketplaceServices, eq(marketplaceServices.id, services.marketplaceServiceId))
    .where(
      where.slug ? eq(marketplaceServices.slug, where.slug) : eq(marketplaceServices.category, where.category ?? ""),
    );
  return rows.map((row) => row.id).sort((a, b) => a - b);
}
async function locationsIn(citySlug: string): Promise<number[]> {
  const rows = await api.database.db
    .select({ id: locations.id })
    .from(locations)
    .innerJoin(cities, eq(cities.id, locations.cityId))
    .where(eq(cities.slug, citySlug));
  return rows.map((row) => row.id).sort((a, b) => a - b);
}
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

describe("GET /v1c/search: free text", () => {
  it("finds manicure in any script, case, accent, and with a typo", async () => {
    const nails = await locationsOffering({ category: "nails" });
    const manicure = await locationsOffering({ slug: "manicure" });
    for (const q of ["manicure", "маникюр", "μανικιούρ", "manicur", "MANICÚRE", "Маникир"]) {
      const body = await search(`filter[q]=${encodeURIComponent(q)}&page[size]=100`);
      const found = ids(body);
      expect(found, q).toEqual(expect.arrayContaining(manicure));
      for (const id of found) expect(nails, `${q}: location ${id} does nails`).toContain(id);
      expect(body.data[0]?.meta.relevance, q).toBeGreaterThan(0.5);
    }
  });

  it("finds a city by its name in Latin or Cyrillic", async () => {
    const sofia = await locationsIn("sofia");
    for (const q of ["sofia", "софия", "Σόφια", "sofya"]) {
      expect(sorted(ids(await search(`filter[q]=${encodeURIComponent(q)}&page[size]=100`))), q).toEqual(sofia);
    }
  });

  it("needs every word to match, sorts by relevance, and gives the price of the searched service", async () => {
    const body = await search("filter[q]=manicure%20sofia");
    const inSofia = await locationsIn("sofia");
    expect(body.data.length).toBeGreaterThan(0);
    for (const location of body.data) {
      expect(inSofia).toContain(Number(location.id));
      expect(location.meta).toMatchObject({ distance_km: null, currency: "EUR" });
      expect(location.meta.price_minor_from).toBeGreaterThan(0);
    }
    const relevances = (await search("filter[q]=manicur&page[size]=100")).data.map((l) => l.meta.relevance ?? 0);
    expect(relevances).toEqual([...relevances].sort((a, b) => b - a));
  });

  it("finds a business by its own name, in its own script", async () => {
    const [business] = await api.database.db.select().from(businesses).where(eq(businesses.id, 1));
    const body = await search(`filter[q]=${encodeURIComponent(business?.name ?? "")}`);
    const [first] = body.data;
    expect(first?.relationships?.business?.data).toEqual({ type: "businesses", id: "1" });
  });

  it("finds nothing for words in no catalogue", async () => {
    const body = await search("filter[q]=xylophone%20quartz");
    expect(body.data).toEqual([]);
    expect(body.meta.total).toBe(0);
  });
});

describe("GET /v1c/search: filters", () => {
  it("filters by city and neighbourhood", async () => {
    expect(sorted(ids(await search("filter[city]=sofia&page[size]=100")))).toEqual(await locationsIn("sofia"));
    const [lozenets] = await api.database.db
      .select({ id: neighborhoods.id })
      .from(neighborhoods)
      .where(eq(neighborhoods.slug, "lozenets"));
    const body = await search("filter[neighborhood]=lozenets");
    expect(body.data.length).toBeGreaterThan(0);
    for (const location of body.data)
      expect(location.relationships?.neighborhood?.data).toEqual({ type: "neighborhoods", id: String(lozenets?.id) });
  });

  it("filters by marketplace service and by category", async () => {
    const haircut = await search("filter[marketplace_service]=manicure&page[size]=100");
    expect(sorted(ids(haircut))).toEqual(await locationsOffering({ slug: "manicure" }));
    const nails = await search("filter[category]=nails&page[size]=100");
    expect(sorted(ids(nails))).toEqual(await locationsOffering({ category: "nails" }));
  });

  it("filters by price range: the from-price of the service lies in it", async () => {
    const all = await search("filter[marketplace_service]=manicure&page[size]=100");
    const prices = all.data.map((l) => l.meta.price_minor_from ?? 0).sort((a, b) => a - b);
    const low = prices[Math.floor(prices.length / 4)] ?? 0;
    const high = prices[Math.floor((prices.length * 3) / 4)] ?? 0;
    const body = await search(
      `filter[marketplace_service]=manicure&filter[price_min]=${low}&filter[price_max]=${high}&page[size]=100`,
    );
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.length).toBeLessThan(all.data.length);
    for (const location of body.data) {
      expect(location.meta.price_minor_from).toBeGreaterThanOrEqual(low);
      expect(location.meta.price_minor_from).toBeLessThanOrEqual(high);
    }
  });

  it("filters by minimum rating", async () => {
    const body = await search("filter[rating_min]=4.5&page[size]=100");
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.meta.total).toBeLessThan(60);
    for (const location of body.data) expect(location.attributes.rating_average).toBeGreaterThanOrEqual(4.5);
  });

  it("filters by business type", async () => {
    const body = await search("filter[business_type]=nail-salon&page[size]=100");
    const rows = await api.database.db
      .select({ id: locations.id })
      .from(locations)
      .innerJoin(businesses, eq(businesses.id, locations.businessId))
      .innerJoin(businessTypes, eq(businessTypes.id, businesses.businessTypeId))
      .where(eq(businessTypes.slug, "nail-salon"));
    expect(body.data.length).toBeGreaterThan(0);
    expect(sorted(ids(body))).toEqual(sorted(rows.map((row) => row.id)));
  });
});

describe("GET /v1c/search: sorting and paging", () => {
  it("sorts by rating by default, and by price and distance on request", async () => {
    const ratings = (await search("page[size]=100")).data.map((l) => l.attributes.rating_average ?? 0);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));

    const near = await search("filter[near]=42.6977,23.3219&sort=distance&page[size]=100");
    const distances = near.data.map((l) => l.meta.distance_km ?? -1);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[0]).toBeLessThan(5);
    expect(sorted(ids(near).slice(0, (await locationsIn("sofia")).length))).toEqual(await locationsIn("sofia"));
  });

  it("sorts by price in euros at the stored rates, each price still shown in its own currency", async () => {
    const rates = await api.database.db
      .select({ code: exchangeRates.currencyCode, perEuro: exchangeRates.perEuro, minorUnits: currencies.minorUnits })
      .from(exchangeRates)
      .innerJoin(currencies, eq(currencies.code, exchangeRates.currencyCode));
    const inEuros = (location: SearchResultResource) => {
      const rate = rates.find((row) => row.code === location.meta.currency);
      if (!rate) throw new Error(`No rate for ${location.meta.currency}`);
      return (location.meta.price_minor_from ?? 0) / 10 ** rate.minorUnits / Number(rate.perEuro);
    };
    for (const direction of ["price", "-price"]) {
      const found = (await search(`filter[category]=nails&sort=${direction}&page[size]=100`)).data;
      // Several currencies, and their numbers alone would give another order (280 denars before 5 euros).
      expect(new Set(found.map((location) => location.meta.currency)).size, direction).toBeGreaterThanOrEqual(4);
      const minorUnits = found.map((location) => location.meta.price_minor_from ?? 0);
      const euros = found.map(inEuros);
      const ascending = [...euros].sort((a, b) => a - b);
      expect(euros, direction).toEqual(direction === "price" ? ascending : ascending.reverse());
      expect(minorUnits, direction).not.toEqual([...minorUnits].sort((a, b) => a - b));
    }
  });

  it("keeps the rates of one stated day for every currency the catalogue prices in", async () => {
    const rates = await api.database.db.select().from(exchangeRates);
    const priced = await api.database.db.selectDistinct({ code: cities.currencyCode }).from(cities);
    for (const { code } of priced)
      expect(
        rates.map((rate) => rate.currencyCode),
        code,
      ).toContain(code);
    for (const rate of rates) expect(rate.rateDate, rate.currencyCode).toBe(EXCHANGE_RATE_DATE);
  });

  it("pages with a stable total and no repeats", async () => {
    const pages = await Promise.all([1, 2, 3].map((n) => search(`filter[q]=nail&page[size]=5&page[number]=${n}`)));
    const all = await search("filter[q]=nail&page[size]=100");
    for (const page of pages) expect(page.meta.total).toBe(all.meta.total);
    expect(pages.flatMap(ids)).toEqual(ids(all).slice(0, 15));
    const past = await search("filter[q]=nail&page[size]=5&page[number]=99");
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBe(all.meta.total);
  });

  it("includes the city in the request language", async () => {
    const response = await fetch(`${api.baseUrl}/v1c/search?filter[city]=sofia&include=city&page[size]=2`, {
      headers: { "accept-language": "el" },
    });
    const body = await readJson<Results>(response);
    expect(body.included?.map((resource) => resource.attributes)).toEqual([expect.objectContaining({ name: "Σόφια" })]);
  });
});

describe("GET /v1c/search: bad requests", () => {
  it.each([
    ["filter[q]=a", "filter[q]"],
    ["filter[price_min]=cheap", "filter[price_min]"],
    ["filter[price_min]=500&filter[price_max]=100", "filter[price_min]"],
    ["filter[rating_min]=6", "filter[rating_min]"],
    ["filter[near]=42.7", "filter[near]"],
    ["filter[near]=91,23", "filter[near]"],
    ["sort=distance", "sort"],
    ["sort=relevance", "sort"],
    ["filter[q]=nails&sort=-relevance", "sort"],
    ["sort=price,-rating", "sort"],
    ["sort=name", "sort"],
    ["filter[colour]=red", "filter[colour]"],
  ])("answers 400 for %s", async (query, parameter) => {
    const response = await get(query);
    expect(response.status).toBe(400);
    const [error] = (await readJson<ErrorDocument>(response)).errors;
    expect(error?.source?.parameter).toBe(parameter);
    expect(error?.detail.length).toBeGreaterThan(10);
  });
});

describe("search indexes", () => {
  /**
   * The plan of a query inside a transaction that is rolled back. `bulk` first adds 50,000 made-up words to the
   * vocabulary (and statistics), so the planner weighs the trigram index against a scan at a large size.
   */
  async function plan(query: (tx: Database) => SQLWrapper, options: { bulk?: boolean; noScans?: boolean } = {}) {
    let text = "";
    await api.database.db
      .transaction(async (tx) => {
        if (options.bulk) {
          await tx.execute(
            sql`insert into search_words (word) select 'w' || md5(g::text) from generate_series(1, 50000) g`,
          );
          await tx.execute(sql`analyze search_words`);
        }
        if (options.noScans) await tx.execute(sql`set local enable_seqscan = off`);
        text = JSON.stringify(await tx.execute(sql`explain ${query(tx)}`));
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    return text;
  }
  const params = (filter: Partial<SearchParameters>): SearchParameters => ({
    words: [],
    sort: { field: "rating", direction: "desc" },
    page: { number: 1, size: 20 },
    ...filter,
  });

  it("matches typed words in the vocabulary through the trigram index", async () => {
    expect(await plan((tx) => wordMatchQuery(tx, "manicur"), { bulk: true })).toContain("search_words_word_trgm");
  });

  it("lists a city from the city+rating index", async () => {
    expect(await plan((tx) => buildSearchQuery(tx, params({ city: ["sofia"] }), []), { noScans: true })).toContain(
      "locations_city_id_rating_index",
    );
  });

  it("keeps a search row per location", async () => {
    const { db } = api.database;
    expect(await db.$count(locationSearchDocuments)).toBe(await db.$count(locations));
  });
});
