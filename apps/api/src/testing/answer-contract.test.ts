import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import type { OpenApiDocument } from "../docs/openapi.ts";
import { checkAnswersAgainst } from "./answer-contract.ts";

const JSONAPI = "application/vnd.api+json";

const document: OpenApiDocument = {
  openapi: "3.1.0",
  info: { title: "Things", version: "1" },
  servers: [{ url: "http://api.test" }],
  paths: {
    "/v1c/things": {
      post: {
        requestBody: {
          content: {
            [JSONAPI]: {
              schema: {
                type: "object",
                required: ["data"],
                properties: { data: { type: "object", required: ["type"] } },
              },
            },
          },
        },
        responses: { 201: { content: { [JSONAPI]: { schema: { $ref: "#/components/schemas/Thing" } } } } },
      },
    },
    "/v1c/things/{id}": {
      get: {
        responses: {
          200: { content: { [JSONAPI]: { schema: { $ref: "#/components/schemas/Thing" } } } },
          404: {
            content: { [JSONAPI]: { schema: { type: "object", required: ["errors"] } } },
            "x-error-codes": ["not_found"],
          },
          409: { content: { [JSONAPI]: { schema: { type: "object", required: ["errors"] } } } },
        },
      },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: "object",
        required: ["data"],
        properties: { data: { type: "object", required: ["id"], properties: { id: { type: "string" } } } },
      },
    },
  },
};

/** A server whose one route answers what the test says, checked against the document. */
async function answering(status: number, body: unknown, url = "/v1c/things/:id") {
  const app = Fastify();
  const contract = checkAnswersAgainst(app, document);
  app.get(url, async (_request, reply) => reply.status(status).type(JSONAPI).send(body));
  await app.inject({ method: "GET", url: url.replace(":id", "7") });
  await app.close();
  return contract;
}

describe("checkAnswersAgainst", () => {
  it("fails when an error carries a code its answer does not list", async () => {
    expect((await answering(404, { errors: [{ code: "not_found" }] })).breaches).toEqual([]);
    const other = await answering(404, { errors: [{ code: "gone" }] });
    expect(other.breaches.map((breach) => breach.problem)).toEqual(["error code gone is not among not_found"]);
  });

  it("fails when an error answer's operation lists no codes for it", async () => {
    const unlisted = await answering(409, { errors: [{ code: "conflict" }] });
    expect(unlisted.breaches.map((breach) => breach.problem)).toEqual(["error codes conflict sent, none listed"]);
  });

  it("fails when the API accepted a body its documented request schema does not allow", async () => {
    const app = Fastify();
    const contract = checkAnswersAgainst(app, document);
    app.post("/v1c/things", async (_request, reply) =>
      reply
        .status(201)
        .type(JSONAPI)
        .send({ data: { id: "1" } }),
    );
    await app.inject({ method: "POST", url: "/v1c/things", payload: { data: { type: "things" } } });
    expect(contract.breaches).toEqual([]);
    await app.inject({ method: "POST", url: "/v1c/things", payload: { data: {} } });
    await app.close();
    expect(contract.breaches[0]?.problem).toBe(
      "accepted a body outside its schema: /data must have required property 'type'",
    );
  });

  it("lets an answer that matches its documented schema through", async () => {
    const contract = await answering(200, { data: { id: "7" } });
    expect(contract.breaches).toEqual([]);
    expect(() => contract.assertKept()).not.toThrow();
  });

  it("fails on a body outside the schema, naming the operation and the member", async () => {
    const contract = await answering(200, { data: { id: 7 } });
    expect(contract.breaches).toEqual([
      { operation: "GET /v1c/things/{id}", status: 200, problem: "/data/id must be string" },
    ]);
    expect(() => contract.assertKept()).toThrow(/GET \/v1c\/things\/\{id\} 200: \/data\/id must be string/);
  });

  it("fails on a status the operation does not document, and on an operation not in the document", async () => {
    expect((await answering(410, { errors: [] })).breaches[0]?.problem).toBe("status 410 is not documented");
    expect((await answering(200, {}, "/v1c/others/:id")).breaches[0]?.problem).toBe(
      "the operation is not in the document",
    );
  });
});
