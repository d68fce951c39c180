/** The OpenAPI 3.1 shapes the document is written in, and a walk over its operations: a leaf every section imports. */

export type Schema = Record<string, unknown>;

/** One answer of an operation: an error's may name the codes it carries, the first one most often. */
export interface Answer {
  description?: string;
  content?: Record<string, Schema>;
  /** Response headers a client may read (Location, Retry-After, ETag, Idempotent-Replayed). */
  headers?: Record<string, { description: string; required?: boolean; schema: Schema }>;
  "x-error-codes"?: readonly string[];
}

export interface Parameter {
  name: string;
  in: "query" | "path" | "header";
  description?: string;
  required?: boolean;
  schema?: Schema;
  /** How an array is written: `form` unexploded is comma-separated (`include=a,b`). */
  style?: "form" | "simple";
  explode?: boolean;
  /** A value a client would send (every parameter has one: the reference shows it, a test checks it). */
  example?: unknown;
}

export interface Operation {
  /** Unique in the document: what generated clients name the call. */
  operationId?: string;
  /** The group the reference lists it under. */
  tags?: string[];
  summary?: string;
  /** Being retired (http/deprecations.ts marks it). */
  deprecated?: boolean;
  /** OpenAPI security requirements: `[{ bearer: [] }]` signed in; `[{}, { bearer: [] }]` optionally. */
  security?: Array<Record<string, string[]>>;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, Schema> };
  responses?: Record<string, Answer>;
}

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description?: string };
  servers: Array<{ url: string }>;
  tags?: Array<{ name: string; description: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; securitySchemes?: Record<string, Schema> };
}

export type Paths = OpenApiDocument["paths"];

/** Every operation of `paths` replaced by what `change` makes of it (with its path and method). */
export function mapOperations(
  paths: Paths,
  change: (operation: Operation, path: string, method: string) => Operation,
): Paths {
  return Object.fromEntries(
    Object.entries(paths).map(([path, operations]) => [
      path,
      Object.fromEntries(
        Object.entries(operations).map(([method, operation]) => [method, change(operation, path, method)]),
      ),
    ]),
  );
}
