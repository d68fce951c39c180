import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import type { CollectionDocument, ResourceIdentifier, SingleDocument } from "@termin/contracts/jsonapi";
import type { CityResource, NeighborhoodResource } from "@termin/contracts/catalogue-resources";
import { locations } from "@termin/db/catalogue-schema";
import { readJson, startTestApi, type TestApi } from "../../testing/start-test-api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ demoData: true });
});
afterAll(() => api.close());

type Cities = CollectionDocument<CityResource>;
const get = (path: string, language = "en") =>
  fetch(`${api.baseUrl}${path}`, { headers: { "accept-language": language } });
const list = async (path: string, language?: string) => readJson<Cities>(await get(path, language));

describe("GET /v1c/cities", () => {
  it("lists the cities with the most locations first, counting each city's locations", async () => {
    const body = await list("/v1c/cities?page[size]=100");
    expect(body.meta.total).toBe(23);
    const counts = body.data.map((c) => c.attributes.location_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(60);
    const stored = await api.database.db
      .select({ cityId: locations.cityId, n: count() })
      .from(locations)
      .groupBy(locations.cityId);
    for (const city of body.data) {
      expect(city.attributes.location_count).toBe(stored.find((row) => String(row.cityId) === city.id)?.n ?? 0);
    }
  });

  it("names cities in the request language, with their currency and time zone", async () => {
    const greek = await list("/v1c/cities?filter[slug]=sofia", "el");
    expect(greek.data[0]?.attributes).toMatchObject({
      slug: "sofia",
      name: "Σόφια",
      country_code: "BG",
      time_zone: "Europe/Sofia",
      currency: "EUR",
    });
    expect((await list("/v1c/cities?filter[slug]=skopje", "mk")).data[0]?.attributes).toMatchObject({
      name: "Скопје",
      currency: "MKD",
    });
  });

  it("filters by country and sorts by the localized name", async () => {
    const bulgarian = await list("/v1c/cities?filter[country]=BG&sort=name", "bg");
    expect(bulgarian.data.map((c) => c.attributes.name)).toEqual(["Варна", "Пловдив", "София"]);
    const descending = await list("/v1c/cities?filter[country]=BG&sort=-name", "bg");
    expect(descending.data.map((c) => c.attributes.name)).toEqual(["София", "Пловдив", "Варна"]);
  });

  it("includes the neighborhoods each city links to", async () => {
    const body = await list("/v1c/cities?filter[country]=MK&include=neighborhoods");
    const neighborhoods = (body.included ?? []).filter((r): r is NeighborhoodResource => r.type === "neighborhoods");
    const linked = body.data.flatMap((city) => city.relationships?.neighborhoods?.data as ResourceIdentifier[]);
    expect(linked.length).toBeGreaterThan(0);
    expect(neighborhoods.map((n) => n.id).sort()).toEqual(linked.map((n) => n.id).sort());
    for (const neighborhood of neighborhoods) {
      expect(body.data.map((c) => c.id)).toContain((neighborhood.relationships?.city?.data as ResourceIdentifier).id);
    }
  });

  it("answers 400 for an unknown filter, sort or include", async () => {
    for (const query of ["filter[currency]=EUR", "sort=population", "include=locations"]) {
      expect((await get(`/v1c/cities?${query}`)).status).toBe(400);
    }
  });
});

describe("GET /v1c/cities/:id", () => {
  it("returns one city with its neighborhoods", async () => {
    const [sofia] = (await list("/v1c/cities?filter[slug]=sofia")).data;
    const body = await readJson<SingleDocument<CityResource>>(
      await get(`/v1c/cities/${sofia?.id}?include=neighborhoods`),
    );
    expect(body.data.attributes.name).toBe("Sofia");
    expect(body.data.attributes.location_count).toBe(sofia?.attributes.location_count);
    expect(body.included?.length).toBe((body.data.relationships?.neighborhoods?.data as ResourceIdentifier[]).length);
    const [row] = await api.database.db
      .select({ n: count() })
      .from(locations)
      .where(eq(locations.cityId, Number(sofia?.id)));
    expect(body.data.attributes.location_count).toBe(row?.n);
  });

  it("answers 404 for an unknown id", async () => {
    expect((await get("/v1c/cities/99999")).status).toBe(404);
    expect((await get("/v1c/cities/sofia")).status).toBe(404);
  });
});
