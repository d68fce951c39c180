import { RESOURCE_RELATIONSHIPS, type RelationshipSpec } from "@termin/contracts/resource-relationships";

import type { Schema } from "./document-types.ts";

export type { Schema };

/** What a resource's schema needs beside its type: its attributes, each with an example value. */
export interface ResourceShape {
  /** The schema of the id (default: a database id as text). */
  id?: Schema;
  /** An example id, of the id's schema. */
  exampleId: string;
  attributes: Record<string, Schema>;
  /** One resource's attributes, every one of them: the example the document shows (and the tests validate). */
  example: Record<string, unknown>;
  /** Whether links.self is always there (answering GET). */
  selfLink?: boolean;
  description?: string;
}

const databaseId = { type: "string", pattern: "^[1-9][0-9]{0,9}$" };

function identifierSchema(spec: RelationshipSpec): Schema {
  const [only] = spec.types;
  return {
    type: "object",
    required: ["type", "id"],
    additionalProperties: false,
    properties: { type: spec.types.length === 1 ? { const: only } : { enum: [...spec.types] }, id: { type: "string" } },
  };
}

function relationshipSchema(spec: RelationshipSpec): Schema {
  const identifier = identifierSchema(spec);
  return {
    type: "object",
    required: ["data"],
    additionalProperties: false,
    properties: { data: spec.many ? { type: "array", items: identifier } : { oneOf: [{ type: "null" }, identifier] } },
  };
}

/** Ids the examples use for what they point at, where "1" is not an id of that type. */
const EXAMPLE_IDS: Readonly<Record<string, string>> = {
  appointments: "4521",
  "appointment-services": "6120",
  "appointment-statuses": "2",
  avatars: "9a3e5c1b-2f47-4d8e-b6a0-7c1d2e3f4a5b",
  clients: "0f8e2d4c-6b1a-4e3f-9c7d-5a2b1e0d3c4f",
  countries: "BG",
  currencies: "EUR",
  employees: "57",
  forms: "5b0f3c9e-8d2a-4f61-a7c4-2e9b1d6f0a83",
  "form-answers": "c7d21e55-0b8f-4a3e-9d64-81f2a0c3b9e1",
  languages: "bg",
  locations: "12",
  "service-prices": "240",
};

function relationshipExample(spec: RelationshipSpec): { data: unknown } {
  const [type = ""] = spec.types;
  const identifier = { type, id: EXAMPLE_IDS[type] ?? "1" };
  return { data: spec.many ? [identifier] : identifier };
}

/**
 * The schema of a resource object of `type`: its attributes and nothing else (a renamed attribute is an answer
 * outside the document), its relationships as RESOURCE_RELATIONSHIPS names them, links.self, and an example. The
 * answer check (testing/answer-contract.ts) holds every answer of the test suites to it.
 */
export function resourceSchema(type: string, shape: ResourceShape): Schema {
  const relationships = Object.entries(RESOURCE_RELATIONSHIPS[type] ?? {});
  const names = relationships.map(([name]) => name);
  const self = `/v1c/${type}/${shape.exampleId}`;
  return {
    type: "object",
    required: ["type", "id", "attributes", ...(shape.selfLink ? ["links"] : [])],
    ...(shape.description ? { description: shape.description } : {}),
    properties: {
      type: { const: type },
      id: shape.id ?? databaseId,
      attributes: {
        type: "object",
        additionalProperties: false,
        properties: shape.attributes,
      },
      ...(names.length > 0
        ? {
            relationships: {
              type: "object",
              additionalProperties: false,
              properties: Object.fromEntries(relationships.map(([name, spec]) => [name, relationshipSchema(spec)])),
            },
          }
        : {}),
      links: {
        type: "object",
        required: ["self"],
        additionalProperties: false,
        properties: { self: { type: "string", description: "Answers GET with this resource" } },
      },
    },
    example: {
      type,
      id: shape.exampleId,
      attributes: shape.example,
      ...(names.length > 0
        ? {
            relationships: Object.fromEntries(relationships.map(([name, spec]) => [name, relationshipExample(spec)])),
          }
        : {}),
      ...(shape.selfLink ? { links: { self } } : {}),
    },
  };
}
