import { z } from "zod";
import type { ErrorCode } from "../http/app-error.ts";
import type { CollectionRules } from "../jsonapi/query.ts";
import type { Operation, Parameter } from "./document-types.ts";

import type { Schema } from "./resource-schema.ts";

export type { Schema };
export type Response = NonNullable<Operation["responses"]>[string];

/** The pieces of the main document that the signed-in client's paths (account, forms, client area) reuse. */
export interface ClientDocParts {
  /** The list and single documents of a resource schema; `meta`: members a list's meta has beside its paging. */
  documents: (
    schema: string,
    path?: string,
    meta?: Record<string, Schema>,
  ) => { collection: Response; single: Response };
  errorResponse: (description: string, codes?: readonly ErrorCode[]) => Response;
  collectionParameters: (rules: CollectionRules<string, string>) => Parameter[];
  fieldsParameter: (type: string, attributes: readonly string[]) => Parameter;
  includeParameter: (rules: CollectionRules<string, string>) => Parameter;
}

export const SIGNED_IN = "Needs a signed-in client: `Authorization: Bearer {access_token}`; without it 401.";
export const JSONAPI = "application/vnd.api+json";

/** A required JSON:API request body of the named schema, with an example a client could send. */
export const jsonApiBody = (schema: string, example: { data: Record<string, unknown> }) => ({
  required: true,
  content: { [JSONAPI]: { schema: { $ref: `#/components/schemas/${schema}` }, example } },
});

/**
 * The request document of one resource, written from the zod schema the route validates its `data` with
 * (parseResourceDocument): `{ data: { type, id?, attributes?, relationships? } }`. One source, so the document and
 * the validation cannot drift; checks that JSON Schema cannot say (a real date, an id within range) stay the
 * route's, answered as 422s.
 */
export function requestDocumentFrom(type: string, schema: z.ZodType, options: { id?: boolean } = {}): Schema {
  const { properties = {}, required = [] } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io: "input",
    unrepresentable: "any",
  }) as { properties?: Schema; required?: string[] };
  return {
    type: "object",
    required: ["data"],
    properties: {
      data: {
        type: "object",
        // A set: the zod schema may name type and id itself.
        required: [...new Set(["type", ...(options.id ? ["id"] : []), ...required])],
        properties: { type: { const: type }, ...(options.id ? { id: { type: "string" } } : {}), ...properties },
      },
    },
  };
}
