import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CollectionDocument, SingleDocument } from "@termin/contracts/jsonapi";
import type { CurrencyResource } from "@termin/contracts/catalogue-resources";
import { readJson, startTestApi, type TestApi } from "../../testing/start-test-api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ demoData: true });
});
afterAll(() => api.close());

const get = (path: string) => fetch(`${api.baseUrl}${path}`);

describe("GET /v1c/currencies", () => {
  it("lists the currencies of the demo prices by ISO code, with their minor units", async () => {
    const body = await readJson<CollectionDocument<CurrencyResource>>(await get("/v1c/currencies"));
    expect(body.data.map((c) => c.id)).toEqual(["EUR", "GBP", "MKD", "RON", "RUB", "TRY"]);
    expect(body.data[0]?.attributes).toEqual({ code: "EUR", minor_units: 2 });
  });

  it("pages the list and answers 400 for a filter (it has none)", async () => {
    const page = await readJson<CollectionDocument<CurrencyResource>>(
      await get("/v1c/currencies?page[size]=4&page[number]=2"),
    );
    expect(page.data.map((c) => c.id)).toEqual(["RUB", "TRY"]);
    expect((await get("/v1c/currencies?filter[code]=EUR")).status).toBe(400);
  });
});

describe("GET /v1c/currencies/:code", () => {
  it("returns one currency by code, and 404 for an unknown code", async () => {
    const body = await readJson<SingleDocument<CurrencyResource>>(await get("/v1c/currencies/MKD"));
    expect(body.data).toMatchObject({ type: "currencies", id: "MKD", attributes: { code: "MKD", minor_units: 2 } });
    expect((await get("/v1c/currencies/XYZ")).status).toBe(404);
    expect((await get("/v1c/currencies/eur")).status).toBe(404);
  });
});
