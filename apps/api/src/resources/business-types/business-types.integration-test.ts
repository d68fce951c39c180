import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CollectionDocument, SingleDocument } from "@termin/contracts/jsonapi";
import type { BusinessTypeResource } from "@termin/contracts/catalogue-resources";
import { readJson, startTestApi, type TestApi } from "../../testing/start-test-api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ demoData: true });
});
afterAll(() => api.close());

const get = (path: string, language = "en") =>
  fetch(`${api.baseUrl}${path}`, { headers: { "accept-language": language } });
const list = async (path: string, language?: string) =>
  readJson<CollectionDocument<BusinessTypeResource>>(await get(path, language));

describe("GET /v1c/business-types", () => {
  it("lists the 8 types sorted by the name in the request language", async () => {
    const body = await list("/v1c/business-types", "de");
    expect(body.meta.total).toBe(8);
    const names = body.data.map((t) => t.attributes.name);
    expect(names).toContain("Nagelstudio");
    const descending = (await list("/v1c/business-types?sort=-name", "de")).data.map((t) => t.attributes.name);
    expect(descending).toEqual([...names].reverse());
  });

  it("filters by slug, pages in memory", async () => {
    const body = await list("/v1c/business-types?filter[slug]=nail-salon,spa&sort=name", "ru");
    expect(body.data.map((t) => t.attributes)).toEqual([
      { slug: "nail-salon", name: "Ногтевая студия" },
      { slug: "spa", name: "Спа-салон" },
    ]);
    const second = await list("/v1c/business-types?page[size]=3&page[number]=3");
    expect(second.data).toHaveLength(2);
    expect(second.meta).toEqual({ total: 8, pageNumber: 3, pageSize: 3, pageCount: 3 });
  });

  it("answers 400 for an unknown filter and 404 for an unknown id", async () => {
    expect((await get("/v1c/business-types?filter[category]=x")).status).toBe(400);
    expect((await get("/v1c/business-types/999")).status).toBe(404);
  });
});

describe("GET /v1c/business-types/:id", () => {
  it("returns one type named in the request language", async () => {
    const [nails] = (await list("/v1c/business-types?filter[slug]=nail-salon")).data;
    const body = await readJson<SingleDocument<BusinessTypeResource>>(
      await get(`/v1c/business-types/${nails?.id}`, "mk"),
    );
    expect(body.data.attributes).toEqual({ slug: "nail-salon", name: "Салон за нокти" });
  });
});
