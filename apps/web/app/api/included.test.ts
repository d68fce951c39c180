import { describe, expect, it } from "vitest";
import type { ResourceObject } from "@termin/contracts/jsonapi";
import { Included } from "./included.ts";

const city: ResourceObject<"cities", { name: string }> = { type: "cities", id: "1", attributes: { name: "Sofia" } };
const tags = [1, 2].map((id) => ({ type: "tags", id: String(id), attributes: { name: `tag ${id}` } }));
const location: ResourceObject = {
  type: "locations",
  id: "9",
  attributes: {},
  relationships: {
    city: { data: { type: "cities", id: "1" } },
    neighborhood: { data: null },
    tags: {
      data: [
        { type: "tags", id: "2" },
        { type: "tags", id: "1" },
        { type: "tags", id: "3" },
      ],
    },
  },
};

describe("Included", () => {
  const included = new Included([city, ...tags]);

  it("resolves a to-one relationship, or nothing when it is empty or of another type", () => {
    expect(included.one(location, "city", "cities")).toBe(city);
    expect(included.one(location, "neighborhood", "neighborhoods")).toBeUndefined();
    expect(included.one(location, "city", "businesses")).toBeUndefined();
  });

  it("resolves a to-many relationship in its order, skipping what was not included", () => {
    expect(included.many(location, "tags", "tags").map((tag) => tag.id)).toEqual(["2", "1"]);
    expect(included.many(location, "city", "tags")).toEqual([]);
  });
});
