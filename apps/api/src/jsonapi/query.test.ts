import { describe, expect, it } from "vitest";
import { AppError } from "../http/app-error.ts";
import { parseCollectionQuery, type CollectionRules } from "./query.ts";

const rules: CollectionRules<"name", "location" | "form" | "slug"> = {
  type: "things",
  attributes: ["name"],
  sortable: ["name"],
  defaultSort: [{ field: "name", direction: "asc" }],
  filters: { location: "id", form: "uuid", slug: "text" },
  singleValued: ["form"],
};

const errorOf = (query: Record<string, string>) => {
  try {
    parseCollectionQuery(query, rules);
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, source: error.source, detail: error.message };
  }
  return undefined;
};

describe("parseCollectionQuery filters", () => {
  it("splits each filter's values by its kind", () => {
    const query = parseCollectionQuery(
      {
        "filter[location]": "1,2147483647",
        "filter[form]": "5C216094-D9A9-48B6-9473-FDA14F563E3E",
        "filter[slug]": "a,b",
      },
      rules,
    );
    expect(query.filter).toEqual({
      location: ["1", "2147483647"],
      form: ["5C216094-D9A9-48B6-9473-FDA14F563E3E"],
      slug: ["a", "b"],
    });
  });

  it("answers 400 naming the filter when an id cannot fit its column", () => {
    for (const value of ["99999999999999999999", "2147483648", "0", "-1", "01", "1.5", "x"]) {
      expect(errorOf({ "filter[location]": value }), value).toMatchObject({
        status: 400,
        source: { parameter: "filter[location]" },
      });
    }
    expect(errorOf({ "filter[form]": "not-a-uuid" })?.detail).toContain("UUIDs");
  });

  it("bounds how many values one filter lists, and refuses unknown filters", () => {
    const many = Array.from({ length: 101 }, (_, i) => String(i + 1)).join(",");
    expect(errorOf({ "filter[location]": many })?.detail).toBe("filter[location] takes at most 100 values.");
    expect(errorOf({ "filter[constructor]": "x" })?.detail).toContain("Unknown filter constructor");
  });
});

describe("parseCollectionQuery date and word-list filters", () => {
  const dated: CollectionRules<never, "on" | "part"> = {
    type: "things",
    attributes: [],
    sortable: [],
    defaultSort: [],
    filters: { on: "date", part: { oneOf: ["morning", "evening"] } },
  };
  const refusal = (query: Record<string, string>) => {
    try {
      parseCollectionQuery(query, dated);
    } catch (error) {
      if (error instanceof AppError) return { status: error.status, parameter: error.source?.parameter };
    }
    return undefined;
  };

  it("takes real calendar dates and the listed words", () => {
    expect(parseCollectionQuery({ "filter[on]": "2028-02-29", "filter[part]": "evening" }, dated).filter).toEqual({
      on: ["2028-02-29"],
      part: ["evening"],
    });
  });

  it("answers 400 naming the filter for anything else", () => {
    for (const value of ["2026-02-30", "2026-13-01", "26-12-01", "2026-12-1", "0000-01-01", "today", "9999-99-99"]) {
      expect(refusal({ "filter[on]": value }), value).toEqual({ status: 400, parameter: "filter[on]" });
    }
    for (const value of ["night", "Morning", "morning,noon", "constructor"]) {
      expect(refusal({ "filter[part]": value }), value).toEqual({ status: 400, parameter: "filter[part]" });
    }
  });
});

describe("parseCollectionQuery fields and single values", () => {
  it("refuses a list where a filter takes one value", () => {
    const uuid = "5c216094-d9a9-48b6-9473-fda14f563e3e";
    expect(errorOf({ "filter[form]": `${uuid},${uuid}` })).toMatchObject({
      status: 400,
      source: { parameter: "filter[form]" },
      detail: "filter[form] takes one value.",
    });
    expect(parseCollectionQuery({ "filter[form]": uuid }, rules).filter.form).toEqual([uuid]);
  });

  it("takes relationship names in a sparse fieldset, as JSON:API allows", () => {
    const locations = { ...rules, type: "locations" };
    expect(parseCollectionQuery({ "fields[locations]": "name,business" }, locations).fields).toEqual({
      locations: ["name", "business"],
    });
    expect(errorOf({ "fields[things]": "name,business" })).toMatchObject({ status: 400 });
  });
});
