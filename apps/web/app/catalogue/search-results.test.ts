import { describe, expect, it } from "vitest";
import { ApiError, type ApiClient } from "../api/client.ts";
import { searchResults } from "./search-results.ts";

const page = { data: [], meta: { total: 0, pageCount: 0 } };
const refusal = (parameter: string, reason?: string) =>
  new ApiError(400, [
    {
      status: "400",
      code: "invalid_parameter",
      detail: "No.",
      source: { parameter },
      ...(reason ? { meta: { reason } } : {}),
    },
  ]);

/** An API client whose search refuses the given filters, and records each query it was asked. */
function apiRefusing(...parameters: string[]) {
  const queries: Array<Record<string, string>> = [];
  const get = async (_path: string, query: Record<string, string> = {}) => {
    queries.push(query);
    const refused = parameters.find((parameter) => parameter in query);
    if (refused) throw refusal(refused);
    return page;
  };
  return { api: { get } as unknown as ApiClient, queries };
}

const options = { pageSize: 20, currencyDigits: 2 };

describe("searchResults", () => {
  it("searches once when the API takes the query", async () => {
    const { api, queries } = apiRefusing();
    expect(await searchResults(api, { q: "nails", city: "sofia" }, options)).toEqual({
      search: { q: "nails", city: "sofia" },
      results: page,
      freeOnRefused: null,
    });
    expect(queries).toHaveLength(1);
  });

  it("drops each filter the API refuses and searches with the rest", async () => {
    const { api, queries } = apiRefusing("filter[price_min]", "filter[near]");
    const outcome = await searchResults(api, { city: "sofia", price_min: 50, near: "1,2" }, options);
    expect(outcome).toEqual({ search: { city: "sofia" }, results: page, freeOnRefused: null });
    expect(queries).toHaveLength(3);
  });

  it.each([
    ["not_a_date", "not_a_date"],
    ["past", "past"],
    ["too_far_ahead", "too_far_ahead"],
    ["too_many_places", "too_many_places"],
    [undefined, "other"],
  ])("says why the API refused the day (meta.reason %s), and finds no place free then", async (reason, said) => {
    const get = async (_path: string, query: Record<string, string> = {}) => {
      if ("filter[free_on]" in query) throw refusal("filter[free_on]", reason);
      return page;
    };
    const api = { get } as unknown as ApiClient;
    const outcome = await searchResults(api, { city: "sofia", free_on: "2020-01-01" }, options);
    expect(outcome).toMatchObject({ search: { city: "sofia" }, freeOnRefused: said });
    expect(outcome.results?.data).toEqual([]);
    expect(outcome.results?.meta.total).toBe(0);
  });

  it("explains text with no word to search for instead of searching", async () => {
    const { api } = apiRefusing("filter[q]");
    expect(await searchResults(api, { q: "x", city: "sofia" }, options)).toEqual({
      search: { q: "x", city: "sofia" },
      results: null,
      freeOnRefused: null,
    });
  });

  it("lets any other error through: that is a failure, not the visitor's doing", async () => {
    const { api } = apiRefusing("page[size]");
    await expect(searchResults(api, { q: "nails" }, options)).rejects.toBeInstanceOf(ApiError);
    const broken = { get: async () => Promise.reject(new TypeError("fetch failed")) } as unknown as ApiClient;
    await expect(searchResults(broken, {}, options)).rejects.toThrow("fetch failed");
  });
});
