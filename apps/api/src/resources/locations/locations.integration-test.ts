import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { CollectionDocument, ErrorDocument, ResourceIdentifier, SingleDocument } from "@termin/contracts/jsonapi";
import type {
  CityResource,
  LocationResource,
  MediaResource,
  TagResource,
  WorkingHoursResource,
} from "@termin/contracts/catalogue-resources";
import {
  employees,
  locations,
  locationTags,
  marketplaceServices,
  services,
  workingHours,
} from "@termin/db/catalogue-schema";
import { readJson, startTestApi, type TestApi } from "../../testing/start-test-api.ts";
import { LOCATION_INCLUDES } from "./load-location-includes.ts";

let api: TestApi;
let queries: string[] = [];
beforeAll(async () => {
  api = await startTestApi({ demoData: true, onQuery: (query) => queries.push(query) });
});
afterAll(() => api.close());

type Locations = CollectionDocument<LocationResource>;
const get = (path: string, language = "en") =>
  fetch(`${api.baseUrl}${path}`, { headers: { "accept-language": language } });
const list = async (path: string, language?: string) => readJson<Locations>(await get(path, language));

describe("GET /v1c/locations", () => {
  it("lists the demo locations, best rated first, with totals", async () => {
    const body = await list("/v1c/locations");
    expect(body.meta).toEqual({ total: 60, pageNumber: 1, pageSize: 20, pageCount: 3 });
    const ratings = body.data.map((l) => l.attributes.rating_average ?? 0);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(body.data[0]?.relationships?.business?.data).toMatchObject({ type: "businesses" });
  });

  it("filters by city and includes the city named in the request language", async () => {
    const body = await list("/v1c/locations?filter[city]=sofia&include=city,neighborhood", "bg;q=0.9,en;q=0.8");
    expect(body.data.length).toBeGreaterThan(0);
    const included = body.included ?? [];
    const cities = included.filter((r): r is CityResource => r.type === "cities");
    expect(cities.map((c) => c.attributes.name)).toEqual(["София"]);
    expect(included.some((r) => r.type === "neighborhoods")).toBe(true);
    for (const location of body.data) {
      expect(location.relationships?.city?.data).toEqual({ type: "cities", id: cities[0]?.id });
    }
  });

  it("looks several locations up at once by id (filter[id]), unknown ids finding nothing", async () => {
    const [first, second] = (await list("/v1c/locations?page[size]=2")).data;
    const body = await list(`/v1c/locations?filter[id]=${second?.id},${first?.id},2000000000&include=city`);
    expect(body.data.map((location) => location.id).sort()).toEqual([first?.id, second?.id].sort());
    expect(body.meta.total).toBe(2);
    expect((await get("/v1c/locations?filter[id]=abc")).status).toBe(400);
  });

  it("filters by marketplace service: every result's business offers it", async () => {
    const [offered] = await api.database.db
      .select({ slug: marketplaceServices.slug })
      .from(services)
      .innerJoin(marketplaceServices, eq(marketplaceServices.id, services.marketplaceServiceId))
      .limit(1);
    const body = await list(`/v1c/locations?filter[marketplace_service]=${offered?.slug}&page[size]=100`);
    expect(body.data.length).toBeGreaterThan(0);
    for (const location of body.data) {
      const [row] = await api.database.db
        .select({ id: services.id })
        .from(services)
        .innerJoin(marketplaceServices, eq(marketplaceServices.id, services.marketplaceServiceId))
        .innerJoin(locations, eq(locations.businessId, services.businessId))
        .where(eq(locations.id, Number(location.id)));
      expect(row).toBeDefined();
    }
  });

  it("loads includes with one query per relationship, whatever the page size (no N+1)", async () => {
    const count = async (size: number) => {
      queries = [];
      const body = await list(`/v1c/locations?include=${LOCATION_INCLUDES.join(",")}&page[size]=${size}`);
      expect(body.data).toHaveLength(size);
      return queries.length;
    };
    const small = await count(2);
    const large = await count(50);
    // The page, then one query per relationship: business, city, neighborhood, workingHours, cover, gallery, tags.
    expect(small).toBe(1 + LOCATION_INCLUDES.length);
    expect(large).toBe(small);
  });

  it("answers a plain list with one query: relationships not included are not loaded", async () => {
    queries = [];
    const body = await list("/v1c/locations?page[size]=20");
    expect(queries).toHaveLength(1);
    expect(Object.keys(body.data[0]?.relationships ?? {})).toEqual(["business", "city", "neighborhood", "cover"]);
  });

  it("links each location's working hours, cover, gallery and tags, and includes them", async () => {
    const body = await list("/v1c/locations?include=workingHours,cover,gallery,tags&page[size]=5", "el");
    const included = new Map((body.included ?? []).map((r) => [`${r.type}:${r.id}`, r]));
    for (const location of body.data) {
      const id = Number(location.id);
      const linked = (name: string) => (location.relationships?.[name]?.data ?? []) as ResourceIdentifier[];
      const hours = await api.database.db.select().from(workingHours).where(eq(workingHours.locationId, id));
      expect(
        linked("workingHours")
          .map((h) => h.id)
          .sort(),
      ).toEqual(hours.map((h) => String(h.id)).sort());
      const hoursIncluded = included.get(`working-hours:${linked("workingHours")[0]?.id}`) as WorkingHoursResource;
      expect(hoursIncluded.attributes.opens_at).toMatch(/^\d\d:\d\d$/);

      const [row] = await api.database.db.select().from(locations).where(eq(locations.id, id));
      const cover = location.relationships?.cover?.data as ResourceIdentifier;
      expect(cover).toEqual({ type: "media", id: String(row?.coverMediaId) });
      expect((included.get(`media:${cover.id}`) as MediaResource).attributes.image_url).toBe(`/images/${cover.id}`);

      const avatars = await api.database.db
        .select({ id: employees.avatarMediaId })
        .from(employees)
        .where(eq(employees.locationId, id));
      const gallery = linked("gallery");
      expect(gallery.length).toBeGreaterThan(0);
      for (const picture of gallery) {
        expect(picture.id).not.toBe(cover.id);
        expect(avatars.map((a) => String(a.id))).not.toContain(picture.id);
        const media = included.get(`media:${picture.id}`) as MediaResource;
        expect(media.attributes.kind).toBe("image");
        expect(media.relationships?.location?.data).toEqual({ type: "locations", id: location.id });
      }

      const tagged = await api.database.db.select().from(locationTags).where(eq(locationTags.locationId, id));
      expect(
        linked("tags")
          .map((t) => t.id)
          .sort(),
      ).toEqual(tagged.map((t) => String(t.tagId)).sort());
    }
    const tagNames = [...included.values()].filter((r): r is TagResource => r.type === "tags");
    expect(tagNames.length).toBeGreaterThan(0);
    for (const tag of tagNames) expect(tag.attributes.name).toMatch(/[\u0370-\u03FF]/);
  });

  it("returns sparse fieldsets for the data and the included resources", async () => {
    const body = await list(
      "/v1c/locations?include=business&fields[locations]=name&fields[businesses]=currency&page[size]=3",
    );
    expect(Object.keys(body.data[0]?.attributes ?? {})).toEqual(["name"]);
    const business = (body.included ?? [])[0];
    expect(business?.attributes).toEqual({ currency: expect.stringMatching(/^[A-Z]{3}$/) });
  });

  it("answers 400 for unknown filters and includes", async () => {
    for (const query of ["filter[colour]=red", "include=owner", "include=gallery.location", "sort=price"]) {
      const response = await get(`/v1c/locations?${query}`);
      expect(response.status).toBe(400);
      expect((await readJson<ErrorDocument>(response)).errors[0]?.status).toBe("400");
    }
  });
});

describe("GET /v1c/locations/:id", () => {
  it("returns one location with its business", async () => {
    const body = await readJson<SingleDocument<LocationResource>>(await get("/v1c/locations/1?include=business"));
    expect(body.data.id).toBe("1");
    expect(body.data.attributes.time_zone).toMatch(/^Europe\//);
    expect(body.included?.[0]?.type).toBe("businesses");
  });

  it("never exposes the business's private settings or staff commissions", async () => {
    const text = await (await get(`/v1c/locations/1?include=${LOCATION_INCLUDES.join(",")}`)).text();
    expect(text).not.toMatch(/commission|settings|onlineBooking/);
  });

  it("answers 404 for an unknown id", async () => {
    expect((await get("/v1c/locations/99999")).status).toBe(404);
    expect((await get("/v1c/locations/not-a-number")).status).toBe(404);
  });
});
