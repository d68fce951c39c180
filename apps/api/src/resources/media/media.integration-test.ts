import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { CollectionDocument, ErrorDocument, SingleDocument } from "@termin/contracts/jsonapi";
import type { MarketplaceServiceResource, MediaResource } from "@termin/contracts/catalogue-resources";
import { marketplaceServices, media } from "@termin/db/catalogue-schema";
import { readJson, startTestApi, type TestApi } from "../../testing/start-test-api.ts";

let api: TestApi;
let queries: string[] = [];
beforeAll(async () => {
  api = await startTestApi({ demoData: true, onQuery: (query) => queries.push(query) });
});
afterAll(() => api.close());

type MediaList = CollectionDocument<MediaResource>;
const get = (path: string, language = "en") =>
  fetch(`${api.baseUrl}${path}`, { headers: { "accept-language": language } });
const list = async (path: string, language?: string) => readJson<MediaList>(await get(path, language));
const inspirationCount = () => api.database.db.$count(media, eq(media.inspiration, true));

describe("GET /v1c/media", () => {
  it("lists the look book newest first, with totals and links to the picture and the video", async () => {
    const body = await list("/v1c/media?filter[inspiration]=true&page[size]=50");
    expect(body.meta).toMatchObject({ total: await inspirationCount(), pageSize: 50 });
    const dates = body.data.map((item) => item.attributes.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const item of body.data) {
      expect(item.attributes.image_url).toBe(`/images/${item.id}`);
      expect(item.attributes.video_url).toBe(item.attributes.kind === "video" ? `/videos/${item.id}` : null);
      expect(item.relationships?.marketplaceService?.data).toMatchObject({ type: "marketplace-services" });
    }
  });

  it("shows portrait, square and landscape posts in the look book", async () => {
    const body = await list("/v1c/media?filter[inspiration]=true&filter[kind]=image&page[size]=100");
    const shapes = new Set(body.data.map(({ attributes: { width, height } }) => Math.sign(width - height)));
    expect(shapes).toEqual(new Set([-1, 0, 1]));
  });

  it("filters videos: each has a duration and a video URL", async () => {
    const body = await list("/v1c/media?filter[kind]=video");
    expect(body.data.length).toBeGreaterThan(0);
    for (const { attributes } of body.data) {
      expect(attributes.kind).toBe("video");
      expect(attributes.duration_seconds).toBeGreaterThan(0);
      expect(attributes.video_url).toMatch(/^\/videos\/\d+$/);
    }
  });

  it("leaves the look book out with filter[inspiration]=false (logos, covers, avatars)", async () => {
    const body = await list("/v1c/media?filter[inspiration]=false&page[size]=100");
    expect(body.meta.total).toBe((await api.database.db.$count(media)) - (await inspirationCount()));
    expect(body.data.every((item) => item.attributes.kind === "image")).toBe(true);
  });

  it("filters by marketplace service and includes it, named in the request language", async () => {
    const [video] = await api.database.db
      .select({ slug: marketplaceServices.slug, id: marketplaceServices.id })
      .from(media)
      .innerJoin(marketplaceServices, eq(marketplaceServices.id, media.marketplaceServiceId))
      .where(eq(media.kind, "video"))
      .limit(1);
    const body = await list(
      `/v1c/media?filter[marketplace_service]=${video?.slug}&filter[inspiration]=true&include=marketplaceService`,
      "bg",
    );
    const expected = await api.database.db.$count(
      media,
      and(eq(media.marketplaceServiceId, video?.id ?? 0), eq(media.inspiration, true)),
    );
    expect(body.meta.total).toBe(expected);
    expect(body.data.some((item) => item.attributes.kind === "video")).toBe(true);
    for (const item of body.data) {
      expect(item.relationships?.marketplaceService?.data).toEqual({
        type: "marketplace-services",
        id: String(video?.id),
      });
    }
    const included = (body.included ?? []) as MarketplaceServiceResource[];
    expect(included).toHaveLength(1);
    expect(included[0]?.attributes.name).toMatch(/[а-я]/i);
  });

  it("filters by location and by business", async () => {
    const byLocation = await list("/v1c/media?filter[location]=1&page[size]=100");
    expect(byLocation.data.length).toBeGreaterThan(0);
    for (const item of byLocation.data) {
      expect(item.relationships?.location?.data).toEqual({ type: "locations", id: "1" });
    }
    const byBusiness = await list("/v1c/media?filter[business]=1&page[size]=100");
    // The business's logo has no location: more than its first location's media.
    expect(byBusiness.data.length).toBeGreaterThan(byLocation.data.length);
    for (const item of byBusiness.data) {
      expect(item.relationships?.business?.data).toEqual({ type: "businesses", id: "1" });
    }
  });

  it("sorts by likes, most liked first", async () => {
    const body = await list("/v1c/media?filter[inspiration]=true&sort=-like_count&page[size]=30");
    const likes = body.data.map((item) => item.attributes.like_count);
    expect(likes).toEqual([...likes].sort((a, b) => b - a));
    expect(likes[0]).toBeGreaterThan(likes[29] ?? 0);
  });

  it("pages without overlap", async () => {
    const first = await list("/v1c/media?filter[inspiration]=true&page[size]=7&page[number]=1");
    const second = await list("/v1c/media?filter[inspiration]=true&page[size]=7&page[number]=2");
    expect(first.data).toHaveLength(7);
    expect(second.data).toHaveLength(7);
    const ids = new Set([...first.data, ...second.data].map((item) => item.id));
    expect(ids.size).toBe(14);
    expect(second.meta).toMatchObject({ pageNumber: 2, pageCount: Math.ceil((await inspirationCount()) / 7) });
    const past = await list("/v1c/media?filter[inspiration]=true&page[size]=7&page[number]=999");
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBe(await inspirationCount());
  });

  it("includes locations and businesses with one query per relationship, never reading svg or video bytes", async () => {
    const count = async (size: number) => {
      queries = [];
      const body = await list(
        `/v1c/media?filter[inspiration]=true&include=location,business,marketplaceService&page[size]=${size}`,
      );
      expect(body.included?.some((item) => item.type === "locations")).toBe(true);
      expect(body.included?.some((item) => item.type === "businesses")).toBe(true);
      return queries.length;
    };
    expect(await count(2)).toBe(4);
    expect(await count(60)).toBe(4);
    const mediaQueries = queries.filter((q) => q.includes('from "media"'));
    expect(mediaQueries).toHaveLength(1);
    for (const query of mediaQueries) {
      expect(query).not.toContain('"svg"');
      expect(query.match(/"video"/g)?.length).toBe(query.match(/"video" is not null/g)?.length);
    }
  });

  it("answers 400 for unknown filters, bad filter values and unknown includes", async () => {
    for (const path of [
      "/v1c/media?filter[colour]=red",
      "/v1c/media?filter[inspiration]=yes",
      "/v1c/media?filter[kind]=audio",
      "/v1c/media?include=employees",
      "/v1c/media?sort=width",
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(400);
      expect((await readJson<ErrorDocument>(response)).errors[0]?.detail, path).toBeTruthy();
    }
  });
});

describe("API description", () => {
  it("documents the media list, one media item and the video files in the OpenAPI document", async () => {
    const document = await readJson<{ paths: Record<string, unknown> }>(await get("/v1c/openapi.json"));
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(["/v1c/media", "/v1c/media/{id}", "/videos/{id}"]),
    );
  });
});

describe("GET /v1c/media/:id", () => {
  it("returns one media item with its includes", async () => {
    const [video] = await api.database.db.select({ id: media.id }).from(media).where(eq(media.kind, "video")).limit(1);
    const response = await get(`/v1c/media/${video?.id}?include=location,business`);
    expect(response.status).toBe(200);
    const body = await readJson<SingleDocument<MediaResource>>(response);
    expect(body.data).toMatchObject({ type: "media", id: String(video?.id), attributes: { kind: "video" } });
    expect(body.data.links?.self).toBe(`/v1c/media/${video?.id}`);
    expect(body.included?.map((item) => item.type).sort()).toEqual(["businesses", "locations"]);
  });

  it("answers 404 for an unknown id", async () => {
    for (const id of ["99999999", "abc"]) {
      const response = await get(`/v1c/media/${id}`);
      expect(response.status).toBe(404);
      expect((await readJson<ErrorDocument>(response)).errors[0]?.code).toBe("not_found");
    }
  });
});
