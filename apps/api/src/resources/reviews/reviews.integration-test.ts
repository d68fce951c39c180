import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { CollectionDocument, ErrorDocument, SingleDocument } from "@termin/contracts/jsonapi";
import type { ReviewCollectionDocument, ReviewItemResource, ReviewResource } from "@termin/contracts/offer-resources";
import { locations, reviewItems } from "@termin/db/catalogue-schema";
import { apiRequests, idOf, ids, ofType } from "../../testing/jsonapi-test-helpers.ts";
import { readJson, startTestApi, type TestApi } from "../../testing/start-test-api.ts";

let api: TestApi;
let queries: string[] = [];
beforeAll(async () => {
  api = await startTestApi({ demoData: true, onQuery: (query) => queries.push(query) });
});
afterAll(() => api.close());

const { get, read } = apiRequests(() => api);

describe("GET /v1c/reviews", () => {
  it("lists reviews newest first", async () => {
    const body = await read<ReviewCollectionDocument>("/v1c/reviews?page[size]=50");
    expect(body.meta.total).toBeGreaterThan(60 * 3 - 1);
    const dates = body.data.map((r) => r.attributes.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(body.meta.summary).toBeUndefined();
  });

  it("summarizes one location's ratings in agreement with the location's rating and review count", async () => {
    for (const id of [1, 2, 17]) {
      const [location] = await api.database.db.select().from(locations).where(eq(locations.id, id));
      const body = await read<ReviewCollectionDocument>(`/v1c/reviews?filter[location]=${id}&page[size]=2`);
      const summary = body.meta.summary;
      expect(summary?.count).toBe(location?.reviewCount);
      expect(body.meta.total).toBe(location?.reviewCount);
      const distribution = Object.entries(summary?.distribution ?? {});
      expect(distribution.map(([stars]) => stars)).toEqual(["1", "2", "3", "4", "5"]);
      const count = distribution.reduce((sum, [, n]) => sum + n, 0);
      const mean = distribution.reduce((sum, [stars, n]) => sum + Number(stars) * n, 0) / count;
      expect(count).toBe(location?.reviewCount);
      expect(Math.abs(mean - (location?.ratingAverage ?? NaN))).toBeLessThanOrEqual(0.005);
      expect(summary?.average).toBe(Math.round(mean * 10) / 10);
      expect(Object.keys(summary?.aspects ?? {})).toEqual(["cleanliness", "punctuality", "service", "value"]);
      for (const average of Object.values(summary?.aspects ?? {})) {
        expect(average).toBeGreaterThanOrEqual(1);
        expect(average).toBeLessThanOrEqual(5);
      }
    }
  });

  it("filters by rating and employee; the summary needs exactly one location", async () => {
    const body = await read<ReviewCollectionDocument>("/v1c/reviews?filter[rating]=1,2&sort=rating&page[size]=100");
    expect(body.data.length).toBeGreaterThan(0);
    expect(new Set(body.data.map((r) => r.attributes.rating))).toEqual(new Set([1, 2]));
    expect(body.data[0]?.attributes.rating).toBe(1);
    const employeeId = idOf(body.data[0]?.relationships?.employee);
    const byEmployee = await read<ReviewCollectionDocument>(`/v1c/reviews?filter[employee]=${employeeId}`);
    for (const review of byEmployee.data) expect(idOf(review.relationships?.employee)).toBe(employeeId);
    const twoLocations = await read<ReviewCollectionDocument>("/v1c/reviews?filter[location]=1,2");
    expect(twoLocations.meta.summary).toBeUndefined();
  });

  it("includes review items and employees with one query each, whatever the page size (no N+1)", async () => {
    const count = async (size: number) => {
      queries = [];
      const body = await read<ReviewCollectionDocument>(`/v1c/reviews?include=reviewItems,employee&page[size]=${size}`);
      const items = ofType<ReviewItemResource>(body.included, "review-items");
      expect(items.length).toBe(size * 4);
      for (const review of body.data) {
        for (const itemId of ids(review.relationships?.reviewItems)) {
          expect(idOf(items.find((item) => item.id === itemId)?.relationships?.review)).toBe(review.id);
        }
      }
      expect(ofType(body.included, "employees").length).toBeGreaterThan(0);
      return queries.length;
    };
    expect(await count(2)).toBe(3);
    expect(await count(50)).toBe(3);
  });

  it("answers one review, 404 for unknown ids and 400 for bad filters, sorts and includes", async () => {
    const one = await read<SingleDocument<ReviewResource>>("/v1c/reviews/1");
    expect(one.data.attributes.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect((await get("/v1c/reviews/99999")).status).toBe(404);
    for (const query of [
      "filter[rating]=6",
      "filter[rating]=0",
      "filter[text]=good",
      "sort=author_name",
      "include=location",
    ]) {
      const response = await get(`/v1c/reviews?${query}`);
      expect(response.status, query).toBe(400);
      expect((await readJson<ErrorDocument>(response)).errors[0]?.detail).toBeTruthy();
    }
  });
});

describe("GET /v1c/review-items", () => {
  it("filters by review and answers one item or 404", async () => {
    const body = await read<CollectionDocument<ReviewItemResource>>("/v1c/review-items?filter[review]=3");
    const stored = await api.database.db.select().from(reviewItems).where(eq(reviewItems.reviewId, 3));
    expect(body.data.map((item) => [item.attributes.aspect, item.attributes.rating]).sort()).toEqual(
      stored.map((item) => [item.aspect, item.rating]).sort(),
    );
    for (const item of body.data) expect(idOf(item.relationships?.review)).toBe("3");
    const one = await read<SingleDocument<ReviewItemResource>>(`/v1c/review-items/${body.data[0]?.id}`);
    expect(one.data).toEqual(body.data[0]);
    expect((await get("/v1c/review-items/99999999")).status).toBe(404);
    expect((await get("/v1c/review-items?filter[aspect]=value")).status).toBe(400);
  });
});
