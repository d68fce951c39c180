import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { CollectionDocument, SingleDocument } from "@termin/contracts/jsonapi";
import type { WorkingHoursResource } from "@termin/contracts/catalogue-resources";
import { workingHours } from "@termin/db/catalogue-schema";
import { readJson, startTestApi, type TestApi } from "../../testing/start-test-api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ demoData: true });
});
afterAll(() => api.close());

const get = (path: string) => fetch(`${api.baseUrl}${path}`);
const list = async (path: string) => readJson<CollectionDocument<WorkingHoursResource>>(await get(path));

describe("GET /v1c/working-hours", () => {
  it("gives a location's opening spans by weekday, as HH:MM local times", async () => {
    const body = await list("/v1c/working-hours?filter[location]=1");
    const stored = await api.database.db.select().from(workingHours).where(eq(workingHours.locationId, 1));
    expect(body.meta.total).toBe(stored.length);
    const weekdays = body.data.map((h) => h.attributes.weekday);
    expect(weekdays).toEqual([...weekdays].sort((a, b) => a - b));
    for (const hours of body.data) {
      expect(hours.attributes.weekday).toBeGreaterThanOrEqual(1);
      expect(hours.attributes.weekday).toBeLessThanOrEqual(7);
      expect(hours.attributes.opens_at).toMatch(/^\d\d:\d\d$/);
      expect(hours.attributes.opens_at < hours.attributes.closes_at).toBe(true);
      expect(hours.relationships?.location?.data).toEqual({ type: "locations", id: "1" });
      const row = stored.find((r) => String(r.id) === hours.id);
      expect(`${hours.attributes.opens_at}:00`).toBe(row?.opensAt);
    }
  });

  it("sorts by weekday descending on request and rejects unknown sorts", async () => {
    const body = await list("/v1c/working-hours?filter[location]=2&sort=-weekday");
    const weekdays = body.data.map((h) => h.attributes.weekday);
    expect(weekdays).toEqual([...weekdays].sort((a, b) => b - a));
    expect((await get("/v1c/working-hours?sort=closes_at")).status).toBe(400);
  });

  it("finds nothing for a location that does not exist", async () => {
    expect((await list("/v1c/working-hours?filter[location]=99999")).data).toEqual([]);
  });
});

describe("GET /v1c/working-hours/:id", () => {
  it("returns one span, and 404 for an unknown id", async () => {
    const [first] = (await list("/v1c/working-hours?filter[location]=1")).data;
    const body = await readJson<SingleDocument<WorkingHoursResource>>(await get(`/v1c/working-hours/${first?.id}`));
    expect(body.data.attributes).toEqual(first?.attributes);
    expect((await get("/v1c/working-hours/9999999")).status).toBe(404);
  });
});
