import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CollectionDocument } from "@termin/contracts/jsonapi";
import type { MarketplaceServiceResource } from "@termin/contracts/catalogue-resources";
import { readJson, startTestApi, type TestApi } from "../../testing/start-test-api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ demoData: true });
});
afterAll(() => api.close());

type Services = CollectionDocument<MarketplaceServiceResource>;
const list = async (path: string, language: string) =>
  readJson<Services>(await fetch(`${api.baseUrl}${path}`, { headers: { "accept-language": language } }));

describe("GET /v1c/marketplace-services", () => {
  it("names the taxonomy in the request language", async () => {
    const greek = await list("/v1c/marketplace-services?filter[slug]=manicure", "el");
    expect(greek.data.map((s) => s.attributes)).toEqual([{ slug: "manicure", name: "Μανικιούρ", category: "nails" }]);
    const macedonian = await list("/v1c/marketplace-services?filter[slug]=manicure", "mk;q=0.9,en;q=0.8");
    expect(macedonian.data[0]?.attributes.name).toBe("Маникир");
  });

  it("filters by category and sorts by the localized name", async () => {
    const body = await list("/v1c/marketplace-services?filter[category]=nails&sort=name&page[size]=100", "en");
    const names = body.data.map((s) => s.attributes.name);
    expect(body.data.every((s) => s.attributes.category === "nails")).toBe(true);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(body.meta.total).toBe(3);
  });

  it("lists all 20 services", async () => {
    expect((await list("/v1c/marketplace-services?page[size]=100", "en")).meta.total).toBe(20);
  });
});
