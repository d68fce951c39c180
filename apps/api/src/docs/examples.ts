import { ERROR_STATUS, type ErrorCode } from "../http/app-error.ts";
import { mapOperations, type Answer, type OpenApiDocument, type Schema } from "./document-types.ts";

const OAUTH_ERROR_DOCUMENT = "#/components/schemas/OAuthErrorDocument";
const ERROR_DOCUMENT = "#/components/schemas/ErrorDocument";

/** The code an error of this status most often has (a 400 of a query, a 422 of a body). */
const TYPICAL_CODE: Readonly<Record<string, ErrorCode>> = { 400: "invalid_parameter", 409: "conflict" };

function codeOf(status: string): ErrorCode {
  const typical = TYPICAL_CODE[status];
  if (typical) return typical;
  const code = (Object.keys(ERROR_STATUS) as ErrorCode[]).find((each) => String(ERROR_STATUS[each]) === status);
  return code ?? "internal";
}

/**
 * An example of a value of `schema`, put together from the examples the schemas carry: a schema's own example
 * first, then its reference's, its constant or first listed value, and for objects and arrays their members'.
 * A leaf with no example gives undefined, so a document whose required member has none fails the example test.
 */
function exampleOf(schema: Schema | undefined, components: Record<string, Schema>): unknown {
  if (!schema) return undefined;
  if ("example" in schema) return schema.example;
  if (Array.isArray(schema.examples)) return schema.examples[0];
  if (typeof schema.$ref === "string") return exampleOf(components[schema.$ref.split("/").pop() ?? ""], components);
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ("default" in schema) return schema.default;
  if (Array.isArray(schema.allOf)) {
    return Object.assign({}, ...schema.allOf.map((part: Schema) => exampleOf(part, components)));
  }
  const alternatives = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (alternatives) {
    const [first] = alternatives.filter((alternative) => alternative.type !== "null");
    return exampleOf(first, components);
  }
  if (schema.type === "array") {
    const item = exampleOf(schema.items as Schema | undefined, components);
    return item === undefined ? [] : [item];
  }
  if (schema.type === "object" || schema.properties) {
    // The members every such value has, and those with an example of their own; not every optional one.
    const required = (schema.required ?? []) as string[];
    const properties = Object.entries((schema.properties ?? {}) as Record<string, Schema>).filter(
      ([name, property]) => required.includes(name) || "example" in property,
    );
    return Object.fromEntries(
      properties
        .map(([name, property]) => [name, exampleOf(property, components)] as const)
        .filter(([, value]) => value !== undefined),
    );
  }
  return undefined;
}

/**
 * The document with an example on every answer that has a body and lacks one: an error document of its status
 * (its description as the detail), any other put together from its schema's examples (exampleOf).
 */
export function withExamples(document: OpenApiDocument): OpenApiDocument {
  const { schemas } = document.components;
  const paths = mapOperations(document.paths, (operation) => ({
    ...operation,
    responses: Object.fromEntries(
      Object.entries(operation.responses ?? {}).map(([status, response]) => [
        status,
        { ...response, ...(response.content ? { content: withExample(status, response, response.content) } : {}) },
      ]),
    ),
  }));
  return { ...document, paths };

  /** Each media type of an answer's content, with an example when it has a schema and none yet. */
  function withExample(status: string, response: Answer, content: Record<string, Schema>): Record<string, Schema> {
    return Object.fromEntries(
      Object.entries(content).map(([mediaType, media]) => [
        mediaType,
        "example" in media || !media.schema
          ? media
          : { ...media, example: answerExample(status, response, media.schema as Schema) },
      ]),
    );
  }

  function answerExample(status: string, response: Answer, schema: Schema): unknown {
    if (schema.$ref !== ERROR_DOCUMENT && schema.$ref !== OAUTH_ERROR_DOCUMENT) return exampleOf(schema, schemas);
    const code = response["x-error-codes"]?.[0] ?? codeOf(status);
    const detail = response.description ?? "";
    const document = { jsonapi: { version: "1.1" }, errors: [{ status, code, detail }] };
    // An OAuth endpoint's error repeats the first one as RFC 6749 names it.
    return schema.$ref === OAUTH_ERROR_DOCUMENT ? { error: code, error_description: detail, ...document } : document;
  }
}
