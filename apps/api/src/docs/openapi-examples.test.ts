import { describe, expect, it } from "vitest";
import { documentValidator } from "../testing/answer-contract.ts";
import { buildOpenApiDocument } from "./openapi.ts";

// A third party writes requests from the document alone: every parameter, request body and answer shows an example,
// and every example is one the schema beside it accepts (so an example cannot drift from what the API does).

const document = buildOpenApiDocument({ version: "test", serverUrl: "https://termin.example" });
const ajv = documentValidator(document);

const escape = (segment: string) => segment.replaceAll("~", "~0").replaceAll("/", "~1");

/** Why the example at `location` (a path of keys into the document) breaks the schema beside it, or null. */
function problemOf(location: string[], example: unknown): string | null {
  const validate = ajv.compile({ $ref: `openapi#/${location.map(escape).join("/")}` });
  if (validate(example)) return null;
  return (validate.errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message}`).join("; ");
}

const operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
  Object.entries(byMethod).map(([method, operation]) => ({ path, method, operation, name: `${method} ${path}` })),
);

describe("the OpenAPI document's examples", () => {
  it("every parameter has an example its schema accepts", () => {
    const problems = operations.flatMap(({ path, method, operation, name }) =>
      (operation.parameters ?? []).flatMap((parameter, index) => {
        if (!("example" in parameter) || parameter.example === undefined) return [`${name} ${parameter.name}: none`];
        const problem = problemOf(["paths", path, method, "parameters", String(index), "schema"], parameter.example);
        return problem ? [`${name} ${parameter.name}: ${problem}`] : [];
      }),
    );
    expect(problems).toEqual([]);
  });

  it("every request body has an example of its own that its schema accepts", () => {
    const problems = operations.flatMap(({ path, method, operation, name }) =>
      Object.entries(operation.requestBody?.content ?? {}).flatMap(([mediaType, media]) => {
        if (!media.schema) return [];
        if (!("example" in media)) return [`${name} ${mediaType}: none`];
        const location = ["paths", path, method, "requestBody", "content", mediaType, "schema"];
        const problem = problemOf(location, media.example);
        return problem ? [`${name} ${mediaType}: ${problem}`] : [];
      }),
    );
    expect(problems).toEqual([]);
  });

  // Some 600 answers, each schema compiled on its own: seconds on a shared machine.
  it("every answer with a body has an example its schema accepts", { timeout: 20_000 }, () => {
    const problems = operations.flatMap(({ path, method, operation, name }) =>
      Object.entries(operation.responses ?? {}).flatMap(([status, response]) =>
        Object.entries(response.content ?? {}).flatMap(([mediaType, media]) => {
          if (!media.schema) return [];
          if (!("example" in media) || media.example === undefined) return [`${name} ${status}: none`];
          const location = ["paths", path, method, "responses", status, "content", mediaType, "schema"];
          const problem = problemOf(location, media.example);
          return problem ? [`${name} ${status}: ${problem}`] : [];
        }),
      ),
    );
    expect(problems).toEqual([]);
  });

  it("every resource schema's example shows each of its attributes", () => {
    const resources = Object.entries(document.components.schemas).filter(
      ([, schema]) => (schema.properties as { type?: { const?: string } } | undefined)?.type?.const,
    );
    expect(resources.length).toBeGreaterThan(30);
    const problems = resources.flatMap(([name, schema]) => {
      const attributes = (schema.properties as { attributes?: { properties?: object } }).attributes?.properties ?? {};
      const example = (schema.example as { attributes?: object } | undefined)?.attributes;
      if (!example) return [`${name}: no example`];
      const shown = Object.keys(example).sort();
      return JSON.stringify(shown) === JSON.stringify(Object.keys(attributes).sort())
        ? []
        : [`${name}: example shows ${shown.join(",")}`];
    });
    expect(problems).toEqual([]);
  });
});

describe("the OpenAPI document's operations", () => {
  it("each have an operationId of their own and one of the document's tags", () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const tags = new Set((document.tags ?? []).map((tag) => tag.name));
    expect(operations.filter(({ operation }) => !tags.has(operation.tags?.[0] ?? "")).map(({ name }) => name)).toEqual(
      [],
    );
    expect(operations.find(({ name }) => name === "get /v1c/locations/{id}")?.operation.operationId).toBe(
      "getLocationsById",
    );
  });
});
