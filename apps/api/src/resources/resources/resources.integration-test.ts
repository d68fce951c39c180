import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { CollectionDocument, SingleDocument } from "@termin/contracts/jsonapi";
import type { BookableResourceResource } from "@termin/contracts/catalogue-resources";
import { resources } from "@termin/db/catalogue-schema";
import { readJson, startTestApi, type TestApi } from "../../testing/start-test-api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ demoData: true });
});
afterAll(() => api.close());

const get = (path: string) => fetch(`${api.baseUrl}${path}`);
const list = async (path: string) => readJson<CollectionDocument<BookableResourceResource>>(await get(path));

describe("GET /v1c/resources", () => {
  it("lists the bookable resources of a location by name", async () => {
    const body = await list("/v1c/resources?filter[location]=1");
    const stored = await api.database.db.select().from(resources).where(eq(resources.locationId, 1));
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.map((r) => r.attributes.name).sort()).toEqual(stored.map((r) => r.name).sort());
    for (const resource of body.data) {
      expect(resource.relationships?.location?.data).toEqual({ type: "locations", id: "1" });
    }
  });

  it("lists every location's resources without a filter, and rejects unknown filters", async () => {
    expect((await list("/v1c/resources?page[size]=1")).meta.total).toBeGreaterThan(60);
    expect((await get("/v1c/resources?filter[business]=1")).status).toBe(400);
  });
});

describe("GET /v1c/resources/:id", () => {
  it("returns one resource, and 404 for an unknown id", async () => {
    const body = await readJson<SingleDocument<BookableResourceResource>>(await get("/v1c/resources/1"));
    expect(body.data).toMatchObject({ type: "resources", id: "1" });
    expect((await get("/v1c/resources/99999")).status).toBe(404);
  });
});
