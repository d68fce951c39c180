import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CollectionDocument, SingleDocument } from "@termin/contracts/jsonapi";
import type { TagResource } from "@termin/contracts/catalogue-resources";
import { readJson, startTestApi, type TestApi } from "../../testing/start-test-api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ demoData: true });
});
afterAll(() => api.close());

const get = (path: string, language = "en") =>
  fetch(`${api.baseUrl}${path}`, { headers: { "accept-language": language } });
const list = async (path: string, language?: string) =>
  readJson<CollectionDocument<TagResource>>(await get(path, language));

describe("GET /v1c/tags", () => {
  it("lists the demo tags by name in the request language", async () => {
    const body = await list("/v1c/tags", "en");
    expect(body.meta.total).toBe(8);
    expect(body.data.map((t) => t.attributes.name)).toContain("Card payment");
    const descending = (await list("/v1c/tags?sort=-name", "en")).data.map((t) => t.attributes.name);
    expect(descending).toEqual(body.data.map((t) => t.attributes.name).reverse());
  });

  it("filters by slug", async () => {
    const body = await list("/v1c/tags?filter[slug]=card-payment", "el");
    expect(body.data.map((t) => t.attributes)).toEqual([{ slug: "card-payment", name: "Πληρωμή με κάρτα" }]);
  });

  it("answers 400 for an unknown include", async () => {
    expect((await get("/v1c/tags?include=locations")).status).toBe(400);
  });
});

describe("GET /v1c/tags/:id", () => {
  it("returns one tag, and 404 for an unknown id", async () => {
    const [parking] = (await list("/v1c/tags?filter[slug]=parking")).data;
    const body = await readJson<SingleDocument<TagResource>>(await get(`/v1c/tags/${parking?.id}`, "bg"));
    expect(body.data.attributes).toEqual({ slug: "parking", name: "Паркинг" });
    expect((await get("/v1c/tags/999")).status).toBe(404);
  });
});
