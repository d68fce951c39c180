import { describe, expect, it } from "vitest";
import { ApiError } from "./client.ts";
import { lookupOrNotFound, namesNothing } from "./lookup.ts";

const refused = (parameter: string) =>
  new ApiError(400, [{ status: "400", code: "invalid_parameter", detail: "No.", source: { parameter } }]);

describe("namesNothing", () => {
  it("is an API 404, or a 400 refusing the very value the page's address gave", () => {
    expect(namesNothing(new ApiError(404, []), "id")).toBe(true);
    expect(namesNothing(refused("filter[slug]"), "filter[slug]")).toBe(true);
  });

  it("is not a refusal of anything else, another status, or another error", () => {
    expect(namesNothing(refused("include"), "filter[slug]")).toBe(false);
    expect(namesNothing(new ApiError(500, []), "id")).toBe(false);
    expect(namesNothing(new ApiError(401, []), "id")).toBe(false);
    expect(namesNothing(new TypeError("fetch failed"), "id")).toBe(false);
  });
});

describe("lookupOrNotFound", () => {
  it("passes the answer through", async () => {
    await expect(lookupOrNotFound(Promise.resolve({ data: [] }), "filter[slug]")).resolves.toEqual({ data: [] });
  });

  it("throws the page's 404 when the address names nothing, and any other error as it was", async () => {
    const thrown = await lookupOrNotFound(Promise.reject(refused("filter[slug]")), "filter[slug]").catch((e) => e);
    // data(null, { status: 404 }): React Router renders the 404 page for it.
    expect(thrown).toMatchObject({ data: null, init: { status: 404 } });
    const failure = new ApiError(503, []);
    await expect(lookupOrNotFound(Promise.reject(failure), "id")).rejects.toBe(failure);
  });
});
