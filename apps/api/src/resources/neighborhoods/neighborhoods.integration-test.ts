import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CollectionDocument, ResourceIdentifier, SingleDocument } from "@termin/contracts/jsonapi";
import type { CityResource, LocationResource, NeighborhoodResource } from "@termin/contracts/catalogue-resources";
import { readJson, startTestApi, type TestApi } from "../../testing/start-test-api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ demoData: true });
});
afterAll(() => api.close());

const get = (path: string) => fetch(`${api.baseUrl}${path}`);
const list = async (path: string) => readJson<CollectionDocument<NeighborhoodResource>>(await get(path));

describe("GET /v1c/neighborhoods", () => {
  it("lists all neighborhoods, paged", async () => {
    const body = await list("/v1c/neighborhoods?page[size]=10");
    expect(body.data).toHaveLength(10);
    expect(body.meta.total).toBeGreaterThan(23 * 3);
  });

  it("filters by city slug: every neighborhood belongs to that city, named in its own language", async () => {
    const [sofia] = (await readJson<CollectionDocument<CityResource>>(await get("/v1c/cities?filter[slug]=sofia")))
      .data;
    const body = await list("/v1c/neighborhoods?filter[city]=sofia");
    expect(body.data.map((n) => n.attributes.slug).sort()).toEqual(
      ["lozenets", "lyulin", "mladost", "oborishte", "studentski-grad"].sort(),
    );
    for (const neighborhood of body.data) {
      expect((neighborhood.relationships?.city?.data as ResourceIdentifier).id).toBe(sofia?.id);
      expect(neighborhood.attributes.name).toMatch(/^[\u0400-\u04FF\s.-]+$/);
    }
  });

  it("filters by whether any location is in the neighborhood", async () => {
    const all = await list("/v1c/neighborhoods?filter[city]=athens&page[size]=100");
    const withPlaces = await list("/v1c/neighborhoods?filter[city]=athens&filter[has_locations]=true&page[size]=100");
    const withoutPlaces = await list("/v1c/neighborhoods?filter[city]=athens&filter[has_locations]=false");
    const names = (body: CollectionDocument<NeighborhoodResource>) => body.data.map((n) => n.attributes.name);
    expect(names(withoutPlaces)).toEqual(expect.arrayContaining(["Κουκάκι", "Παγκράτι"]));
    expect(names(withPlaces)).not.toContain("Κουκάκι");
    expect(names(withPlaces)).not.toContain("Παγκράτι");
    expect(withPlaces.meta.total + withoutPlaces.meta.total).toBe(all.meta.total);
    for (const neighborhood of withPlaces.data) {
      const places = await readJson<CollectionDocument<LocationResource>>(
        await get(`/v1c/locations?filter[neighborhood]=${neighborhood.attributes.slug}&page[size]=1`),
      );
      expect(places.meta.total, neighborhood.attributes.slug).toBeGreaterThan(0);
    }
    expect((await get("/v1c/neighborhoods?filter[has_locations]=yes")).status).toBe(400);
  });

  it("answers 400 for an unknown filter", async () => {
    expect((await get("/v1c/neighborhoods?filter[country]=BG")).status).toBe(400);
  });
});

describe("GET /v1c/neighborhoods/:id", () => {
  it("returns one neighborhood", async () => {
    const [first] = (await list("/v1c/neighborhoods?filter[city]=skopje")).data;
    const body = await readJson<SingleDocument<NeighborhoodResource>>(await get(`/v1c/neighborhoods/${first?.id}`));
    expect(body.data).toMatchObject({ type: "neighborhoods", id: first?.id, attributes: first?.attributes });
  });

  it("answers 404 for an unknown id", async () => {
    expect((await get("/v1c/neighborhoods/99999")).status).toBe(404);
  });
});
