import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../docs/openapi.ts";
import { announceDeprecations, markDeprecated, type Deprecation } from "./deprecations.ts";

const retired: Deprecation = {
  method: "GET",
  route: "/v1c/booking-holds/:id",
  since: new Date("2027-01-15T00:00:00Z"),
  sunset: new Date("2027-07-31T23:59:59Z"),
  changelog: "https://termin.example/docs/api-changelog#2027-01-15",
};

describe("announceDeprecations", () => {
  it("sends Deprecation, Sunset and a Link to the changelog with every answer of a retired operation only", async () => {
    const app = Fastify();
    announceDeprecations(app, [retired]);
    app.get("/v1c/booking-holds/:id", async (request, reply) =>
      (request.params as { id: string }).id === "1" ? { data: null } : reply.status(404).send({ errors: [] }),
    );
    app.delete("/v1c/booking-holds/:id", async (_request, reply) => reply.status(204).send());
    for (const id of ["1", "2"]) {
      const answer = await app.inject({ method: "GET", url: `/v1c/booking-holds/${id}` });
      expect(answer.headers).toMatchObject({
        deprecation: "@1799971200",
        sunset: "Sat, 31 Jul 2027 23:59:59 GMT",
        link: '<https://termin.example/docs/api-changelog#2027-01-15>; rel="deprecation"; type="text/html"',
      });
    }
    const kept = await app.inject({ method: "DELETE", url: "/v1c/booking-holds/1" });
    expect(kept.headers.deprecation).toBeUndefined();
    expect(kept.headers.sunset).toBeUndefined();
    await app.close();
  });
});

describe("markDeprecated", () => {
  it("marks the retired operation in the document, and refuses one the document does not have", () => {
    const { paths } = buildOpenApiDocument({ version: "test", serverUrl: "https://termin.example" });
    const marked = markDeprecated(paths, [retired]);
    expect(marked["/v1c/booking-holds/{id}"]?.get?.deprecated).toBe(true);
    expect(marked["/v1c/booking-holds/{id}"]?.get?.description).toContain(
      "Deprecated since 2027-01-15; it stops answering on 2027-07-31: see https://termin.example/docs/api-changelog#2027-01-15.",
    );
    expect(marked["/v1c/booking-holds/{id}"]?.delete?.deprecated).toBeUndefined();
    expect(paths["/v1c/booking-holds/{id}"]?.get?.deprecated).toBeUndefined();
    expect(() => markDeprecated(paths, [{ ...retired, route: "/v1c/no-such/:id" }])).toThrow(/not in the document/);
  });
});
