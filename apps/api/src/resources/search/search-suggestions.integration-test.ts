import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { CollectionDocument, ErrorDocument } from "@termin/contracts/jsonapi";
import type { SearchSuggestionResource } from "@termin/contracts/search-resources";
import { locations } from "@termin/db/catalogue-schema";
import { readJson, startTestApi, type TestApi } from "../../testing/start-test-api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ demoData: true });
});
afterAll(() => api.close());

type Suggestions = CollectionDocument<SearchSuggestionResource>;
const get = (query: string, language = "en") =>
  fetch(`${api.baseUrl}/v1c/search-suggestions?${query}`, { headers: { "accept-language": language } });
const suggest = async (typed: string, language?: string) => {
  const response = await get(`filter[q]=${encodeURIComponent(typed)}`, language);
  expect(response.status).toBe(200);
  return (await readJson<Suggestions>(response)).data;
};

describe("GET /v1c/search-suggestions", () => {
  it("suggests a kind of service from its first letters, in any script, named in the request language", async () => {
    for (const typed of ["mani", "мани", "μανι", "MANÍ"]) {
      const [first] = await suggest(typed, "bg");
      expect(first?.attributes, typed).toMatchObject({
        kind: "marketplace_service",
        slug: "manicure",
        name: "Маникюр",
      });
      expect(first?.relationships.subject.data.type).toBe("marketplace-services");
    }
  });

  it("suggests a city in Latin or Cyrillic", async () => {
    for (const typed of ["sofi", "софи"]) {
      const cities = (await suggest(typed)).filter((s) => s.attributes.kind === "city");
      expect(cities[0]?.attributes, typed).toMatchObject({ slug: "sofia", name: "Sofia", detail: "BG" });
    }
  });

  it("suggests locations by their name, with their city", async () => {
    const [location] = await api.database.db.select().from(locations).where(eq(locations.id, 1));
    const found = (await suggest(location?.name ?? "")).filter((s) => s.attributes.kind === "location");
    expect(found.map((s) => s.attributes.slug)).toContain(location?.slug);
    expect(found.find((s) => s.attributes.slug === location?.slug)?.attributes.detail).toBe("Sofia");
    expect(found.length).toBeLessThanOrEqual(5);
  });

  it("waits for two letters and answers 400 without filter[q] or with paging", async () => {
    expect(await suggest("m")).toEqual([]);
    for (const query of ["", "filter[q]=mani&page[size]=3", "filter[city]=sofia"]) {
      const response = await get(query);
      expect(response.status, query).toBe(400);
      expect((await readJson<ErrorDocument>(response)).errors[0]?.detail.length).toBeGreaterThan(10);
    }
  });
});
