import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CountryResource } from "@termin/contracts/client-resources";
import type { CollectionDocument, SingleDocument } from "@termin/contracts/jsonapi";
import { apiRequests } from "../../testing/jsonapi-test-helpers.ts";
import { startTestApi, type TestApi } from "../../testing/start-test-api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const { get, read, expect400 } = apiRequests(() => api);

describe("GET /v1c/countries", () => {
  it("lists every country with its calling code, named and sorted in the request language, without signing in", async () => {
    const english = await read<CollectionDocument<CountryResource>>("/v1c/countries");
    expect(english.data.length).toBeGreaterThan(200);
    expect(english.meta.total).toBe(english.data.length);
    expect(english.data.find((country) => country.id === "BG")).toEqual({
      type: "countries",
      id: "BG",
      attributes: { name: "Bulgaria", phone_code: "359" },
      links: { self: "/v1c/countries/BG" },
    });
    const names = english.data.map((country) => country.attributes.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));

    const bulgarian = await read<CollectionDocument<CountryResource>>("/v1c/countries", "bg");
    expect(bulgarian.data.find((country) => country.id === "DE")?.attributes.name).toBe("Германия");
    expect(bulgarian.data[0]?.attributes.name.localeCompare("Б", "bg")).toBeLessThan(0);
  });

  it("narrows attributes with fields[countries] and refuses paging and unknown parameters", async () => {
    const document = await read<CollectionDocument<CountryResource>>("/v1c/countries?fields[countries]=phone_code");
    expect(document.data[0]?.attributes).toEqual({ phone_code: expect.any(String) });
    await expect400(["/v1c/countries?page[size]=10", "/v1c/countries?filter[name]=x", "/v1c/countries?sort=name"]);
  });
});

describe("GET /v1c/countries/:id", () => {
  it("answers one country, and 404 for an unknown or lower-case code", async () => {
    const { data } = await read<SingleDocument<CountryResource>>("/v1c/countries/MK", "mk");
    expect(data.attributes).toEqual({ name: "Северна Македонија", phone_code: "389" });
    for (const code of ["XX", "bg", "BGR"]) expect((await get(`/v1c/countries/${code}`)).status, code).toBe(404);
  });
});
