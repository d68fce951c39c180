import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import type { CollectionDocument, SingleDocument } from "@termin/contracts/jsonapi";
import type { MarketplaceServiceResource } from "@termin/contracts/catalogue-resources";
import type { ServiceCategoryResource, ServicePriceResource, ServiceResource } from "@termin/contracts/offer-resources";
import { employees, locations, marketplaceServices, serviceEmployees } from "@termin/db/catalogue-schema";
import { apiRequests, idOf, ids, ofType } from "../../testing/jsonapi-test-helpers.ts";
import { startTestApi, type TestApi } from "../../testing/start-test-api.ts";

let api: TestApi;
let queries: string[] = [];
beforeAll(async () => {
  api = await startTestApi({ demoData: true, onQuery: (query) => queries.push(query) });
});
afterAll(() => api.close());

const { get, read, expect400 } = apiRequests(() => api);

describe("GET /v1c/service-categories", () => {
  it("lists a business's menu sections in menu order", async () => {
    const body = await read<CollectionDocument<ServiceCategoryResource>>("/v1c/service-categories?filter[business]=1");
    expect(body.data.length).toBeGreaterThan(0);
    const positions = body.data.map((category) => category.attributes.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    for (const category of body.data) expect(idOf(category.relationships?.business)).toBe("1");
  });

  it("filters by location: the sections of that location's business", async () => {
    const [location] = await api.database.db.select().from(locations).where(eq(locations.id, 2));
    const byLocation = await read<CollectionDocument<ServiceCategoryResource>>(
      "/v1c/service-categories?filter[location]=2&sort=name",
    );
    const byBusiness = await read<CollectionDocument<ServiceCategoryResource>>(
      `/v1c/service-categories?filter[business]=${location?.businessId}&sort=name`,
    );
    expect(byLocation.data.map((c) => c.id)).toEqual(byBusiness.data.map((c) => c.id));
    const names = byLocation.data.map((c) => c.attributes.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it("names each section by a slug from its name, unique within its business, that filter[slug] finds", async () => {
    const body = await read<CollectionDocument<ServiceCategoryResource>>(
      "/v1c/service-categories?filter[business]=1&page[size]=100",
    );
    const slugs = body.data.map((category) => category.attributes.slug);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(new Set(slugs).size).toBe(slugs.length);
    const [first] = body.data;
    const found = await read<CollectionDocument<ServiceCategoryResource>>(
      `/v1c/service-categories?filter[business]=1&filter[slug]=${first?.attributes.slug}`,
    );
    expect(found.data.map((category) => category.id)).toEqual([first?.id]);
  });

  it("answers 404 for an unknown id and 400 for what the list does not know", async () => {
    const one = await read<SingleDocument<ServiceCategoryResource>>("/v1c/service-categories/1");
    expect(one.data.attributes.name).toBeTruthy();
    expect((await get("/v1c/service-categories/99999")).status).toBe(404);
    await expect400([
      "/v1c/service-categories?filter[colour]=red",
      "/v1c/service-categories?sort=price",
      "/v1c/service-categories?include=business",
    ]);
  });
});

describe("GET /v1c/services", () => {
  it("lists a business's menu in menu order with price ranges from its prices", async () => {
    const body = await read<CollectionDocument<ServiceResource>>(
      "/v1c/services?filter[business]=1&include=servicePrices,serviceCategory&page[size]=100",
    );
    expect(body.data.length).toBeGreaterThan(2);
    const categories = new Map(
      ofType<ServiceCategoryResource>(body.included, "service-categories").map((c) => [c.id, c.attributes.position]),
    );
    const order = body.data.map((s) => [
      categories.get(idOf(s.relationships?.serviceCategory) ?? "") ?? -1,
      s.attributes.position,
    ]);
    expect(order).toEqual([...order].sort(([a = 0, b = 0], [c = 0, d = 0]) => a - c || b - d));
    const prices = new Map(ofType<ServicePriceResource>(body.included, "service-prices").map((p) => [p.id, p]));
    for (const service of body.data) {
      const own = ids(service.relationships?.servicePrices).map((id) => prices.get(id)?.attributes);
      expect(own.length).toBeGreaterThan(0);
      const amounts = own.map((price) => price?.price_minor ?? NaN);
      const durations = own.map((price) => price?.duration_minutes ?? NaN);
      expect(service.attributes).toMatchObject({
        currency: own[0]?.currency,
        price_minor_from: Math.min(...amounts),
        price_minor_to: Math.max(...amounts),
        duration_minutes_from: Math.min(...durations),
        duration_minutes_to: Math.max(...durations),
      });
    }
  });

  it("filters by location: only services someone working there actively performs", async () => {
    const body = await read<CollectionDocument<ServiceResource>>("/v1c/services?filter[location]=3&page[size]=100");
    expect(body.data.length).toBeGreaterThan(0);
    const offered = await api.database.db
      .selectDistinct({ serviceId: serviceEmployees.serviceId })
      .from(serviceEmployees)
      .innerJoin(employees, eq(employees.id, serviceEmployees.employeeId))
      .where(and(eq(employees.locationId, 3), eq(serviceEmployees.active, true)));
    expect(body.data.map((s) => Number(s.id)).sort((a, b) => a - b)).toEqual(
      offered.map((row) => row.serviceId).sort((a, b) => a - b),
    );
  });

  it("filtered by location, links and includes only the employees working at that location", async () => {
    // A service of a business with several places, performed by people at more than one of them.
    const performers = await api.database.db
      .select({ serviceId: serviceEmployees.serviceId, locationId: employees.locationId })
      .from(serviceEmployees)
      .innerJoin(employees, eq(employees.id, serviceEmployees.employeeId))
      .where(eq(serviceEmployees.active, true));
    const placesOf = new Map<number, Set<number>>();
    for (const { serviceId, locationId } of performers) {
      placesOf.set(serviceId, (placesOf.get(serviceId) ?? new Set()).add(locationId));
    }
    const [shared] = [...placesOf].filter(([, places]) => places.size > 1);
    if (!shared) throw new Error("the demo data has a service performed at several places of one business");
    const [serviceId, places] = shared;
    const everywhere = await read<CollectionDocument<ServiceResource>>(
      `/v1c/services?filter[business]=${
        (
          await api.database.db
            .select()
            .from(locations)
            .where(inArray(locations.id, [...places]))
        )[0]?.businessId
      }&page[size]=100`,
    );
    const unfiltered = everywhere.data.find((service) => service.id === String(serviceId));
    const location = [...places][0] ?? 0;
    const body = await read<CollectionDocument<ServiceResource>>(
      `/v1c/services?filter[location]=${location}&include=employees&page[size]=100`,
    );
    const filtered = body.data.find((service) => service.id === String(serviceId));
    expect(ids(filtered?.relationships?.employees).length).toBeGreaterThan(0);
    expect(ids(filtered?.relationships?.employees).length).toBeLessThan(
      ids(unfiltered?.relationships?.employees).length,
    );
    const workplaces = new Map(
      (await api.database.db.select({ id: employees.id, locationId: employees.locationId }).from(employees)).map(
        (employee) => [String(employee.id), employee.locationId],
      ),
    );
    for (const service of body.data) {
      for (const employeeId of ids(service.relationships?.employees)) {
        expect(workplaces.get(employeeId), `service ${service.id}, employee ${employeeId}`).toBe(location);
      }
    }
    const included = ofType(body.included, "employees").map((employee) => workplaces.get(employee.id));
    expect(included.length).toBeGreaterThan(0);
    expect(new Set(included)).toEqual(new Set([location]));
  });

  it("filters by marketplace service slug, sorts by price and names the kind in the request language", async () => {
    const [manicure] = await api.database.db
      .select()
      .from(marketplaceServices)
      .where(inArray(marketplaceServices.slug, ["manicure"]));
    const body = await read<CollectionDocument<ServiceResource>>(
      "/v1c/services?filter[marketplace_service]=manicure&sort=price&include=marketplaceService&page[size]=100",
      "bg",
    );
    expect(body.data.length).toBeGreaterThan(1);
    for (const service of body.data) expect(idOf(service.relationships?.marketplaceService)).toBe(String(manicure?.id));
    const prices = body.data.map((s) => s.attributes.price_minor_from ?? Infinity);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(ofType<MarketplaceServiceResource>(body.included, "marketplace-services")).toEqual([
      expect.objectContaining({
        id: String(manicure?.id),
        attributes: expect.objectContaining({ name: manicure?.names.bg }),
      }),
    ]);
  });

  it("links and includes only employees with an active service-employee row", async () => {
    const body = await read<CollectionDocument<ServiceResource>>("/v1c/services?include=employees&page[size]=50");
    const linked = body.data.flatMap((s) => ids(s.relationships?.employees).map((employeeId) => [s.id, employeeId]));
    expect(linked.length).toBeGreaterThan(0);
    const active = await api.database.db
      .select({ serviceId: serviceEmployees.serviceId, employeeId: serviceEmployees.employeeId })
      .from(serviceEmployees)
      .where(
        and(
          inArray(
            serviceEmployees.serviceId,
            body.data.map((s) => Number(s.id)),
          ),
          eq(serviceEmployees.active, true),
        ),
      );
    expect(linked.sort()).toEqual(active.map((row) => [String(row.serviceId), String(row.employeeId)]).sort());
    const included = new Set(ofType(body.included, "employees").map((e) => e.id));
    expect(new Set(linked.map(([, employeeId]) => employeeId))).toEqual(included);
  });

  it("loads all four includes with one query each, whatever the page size (no N+1)", async () => {
    const count = async (size: number) => {
      queries = [];
      await read(`/v1c/services?include=servicePrices,serviceCategory,marketplaceService,employees&page[size]=${size}`);
      return queries.length;
    };
    expect(await count(2)).toBe(5);
    expect(await count(100)).toBe(5);
  });

  it("answers one service, 404 for unknown ids and 400 for unknown filters, sorts and includes", async () => {
    const one = await read<SingleDocument<ServiceResource>>("/v1c/services/1?include=servicePrices");
    expect(one.data.attributes.price_minor_from).toBeGreaterThan(0);
    expect(ofType(one.included, "service-prices").length).toBe(ids(one.data.relationships?.servicePrices).length);
    expect((await get("/v1c/services/99999")).status).toBe(404);
    expect((await get("/v1c/services/abc")).status).toBe(404);
    await expect400([
      "/v1c/services?filter[city]=sofia",
      "/v1c/services?sort=rating",
      "/v1c/services?include=business",
    ]);
  });
});

describe("GET /v1c/service-prices", () => {
  it("filters by service and answers one price or 404", async () => {
    const body = await read<CollectionDocument<ServicePriceResource>>("/v1c/service-prices?filter[service]=1");
    expect(body.data.length).toBeGreaterThan(0);
    for (const price of body.data) {
      expect(idOf(price.relationships?.service)).toBe("1");
      expect(Number.isInteger(price.attributes.price_minor)).toBe(true);
      expect(price.attributes.currency).toMatch(/^[A-Z]{3}$/);
    }
    const first = body.data[0];
    const one = await read<SingleDocument<ServicePriceResource>>(`/v1c/service-prices/${first?.id}`);
    expect(one.data).toEqual(first);
    expect((await get("/v1c/service-prices/99999999")).status).toBe(404);
    await expect400(["/v1c/service-prices?filter[business]=1", "/v1c/service-prices?include=service"]);
  });
});

describe("GET /v1c/openapi.json", () => {
  it("describes each offer resource's list and single resource", async () => {
    const document = await read<{ paths: Record<string, unknown>; components: { schemas: Record<string, unknown> } }>(
      "/v1c/openapi.json",
    );
    for (const type of [
      "service-categories",
      "services",
      "service-prices",
      "employees",
      "service-employees",
      "reviews",
      "review-items",
    ]) {
      expect(Object.keys(document.paths)).toEqual(expect.arrayContaining([`/v1c/${type}`, `/v1c/${type}/{id}`]));
    }
    expect(JSON.stringify(document.components.schemas["Service"])).toContain("price_minor_from");
  });
});
