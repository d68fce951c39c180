import { describe, expect, it } from "vitest";
import { withSearchParams } from "./search-links.ts";
import { ApiError } from "../api/client.ts";
import { parseSearchParams, refusedSearchParam, toApiQuery } from "./search-params.ts";

const parse = (query: string) => parseSearchParams(new URLSearchParams(query));

describe("parseSearchParams", () => {
  it("reads the page's own parameters", () => {
    expect(parse("q=manicure&city=sofia&service=manicure&rating_min=4.5&price_max=50&page=2")).toEqual({
      q: "manicure",
      city: "sofia",
      service: "manicure",
      rating_min: 4.5,
      price_max: 50,
      page: 2,
    });
  });

  it("drops values that do not parse instead of failing the page", () => {
    expect(parse("q=%20%20&city=So fia&rating_min=9&page=-1&sort=cheapest&near=north")).toEqual({});
  });

  it("ignores a sort by distance without a point", () => {
    expect(parse("sort=distance")).toEqual({});
    expect(parse("sort=distance&near=42.69,23.32")).toEqual({ sort: "distance", near: "42.69,23.32" });
  });
});

describe("toApiQuery", () => {
  it("maps the page's parameters to the API's filters, sorting by relevance when there is text", () => {
    expect(toApiQuery({ q: "nails", service: "manicure", type: "nail-salon" }, 20)).toEqual({
      "page[size]": "20",
      "page[number]": "1",
      "filter[q]": "nails",
      "filter[marketplace_service]": "manicure",
      "filter[business_type]": "nail-salon",
      sort: "relevance",
    });
    expect(toApiQuery({ city: "sofia", page: 3 }, 20)).toMatchObject({ "page[number]": "3", sort: "-rating" });
  });

  it("turns a price range in currency units into the API's minor units, only with a city's currency", () => {
    const range = { city: "sofia", price_min: 10, price_max: 42.5 };
    expect(toApiQuery(range, 20, 2)).toMatchObject({ "filter[price_min]": "1000", "filter[price_max]": "4250" });
    expect(toApiQuery(range, 20)).not.toHaveProperty("filter[price_max]");
  });
});

describe("free on a day", () => {
  it("reads a day as written (the API checks it) and a part of the day, dropping an unknown part", () => {
    expect(parse("free_on=2026-12-01&part_of_day=evening")).toEqual({ free_on: "2026-12-01", part_of_day: "evening" });
    // A day that is not one goes to the API, whose refusal says why; a part of the day not listed is dropped.
    expect(parse("free_on=2026-02-30&part_of_day=night")).toEqual({ free_on: "2026-02-30" });
    expect(parse("free_on=tomorrow")).toEqual({ free_on: "tomorrow" });
  });

  it("sends the part of the day only with a day", () => {
    expect(toApiQuery({ city: "sofia", free_on: "2026-12-01", part_of_day: "morning" }, 20)).toMatchObject({
      "filter[free_on]": "2026-12-01",
      "filter[part_of_day]": "morning",
    });
    expect(toApiQuery({ city: "sofia", part_of_day: "morning" }, 20)).not.toHaveProperty("filter[part_of_day]");
  });

  it("keeps the day and part in the address, before the sort", () => {
    expect(withSearchParams({ city: "sofia", sort: "price" }, { free_on: "2026-12-01", part_of_day: "evening" })).toBe(
      "?city=sofia&free_on=2026-12-01&part_of_day=evening&sort=price",
    );
  });
});

describe("withSearchParams", () => {
  it("changes one parameter, keeps the others and goes back to the first page", () => {
    expect(withSearchParams({ q: "nails", city: "sofia", page: 3 }, { city: "plovdiv" })).toBe("?q=nails&city=plovdiv");
    expect(withSearchParams({ q: "nails", page: 3 }, { page: 4 })).toBe("?q=nails&page=4");
    expect(withSearchParams({ q: "nails" }, { q: undefined })).toBe("");
  });
});

describe("what the API refuses", () => {
  it("never sends a point off the globe, nor a sort by relevance without text", () => {
    expect(parse("near=99,23.3&sort=distance")).toEqual({});
    expect(parse("near=42.7,181")).toEqual({});
    expect(parse("near=-90,-180")).toEqual({ near: "-90,-180" });
    expect(parse("sort=relevance")).toEqual({});
    expect(parse("sort=relevance&q=nails")).toEqual({ sort: "relevance", q: "nails" });
  });

  it("names the page's parameter the API refused, by where toApiQuery put it", () => {
    const refusal = (parameter: string, status = 400) =>
      new ApiError(status, [
        { status: String(status), code: "invalid_parameter", detail: "No.", source: { parameter } },
      ]);
    expect(refusedSearchParam(refusal("filter[q]"))).toBe("q");
    expect(refusedSearchParam(refusal("filter[marketplace_service]"))).toBe("service");
    expect(refusedSearchParam(refusal("filter[free_on]"))).toBe("free_on");
    expect(refusedSearchParam(refusal("page[number]"))).toBe("page");
    expect(refusedSearchParam(refusal("page[size]"))).toBeUndefined();
    expect(refusedSearchParam(refusal("filter[q]", 500))).toBeUndefined();
    expect(refusedSearchParam(new Error("filter[q]"))).toBeUndefined();
  });
});
