import { refusedForHost } from "../sites/request-site.ts";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { FastifyInstance } from "fastify";
import type { OpenApiDocument } from "../docs/openapi.ts";

/** One answer that does not keep the contract the OpenAPI document states. */
export interface ContractBreach {
  operation: string;
  status: number;
  problem: string;
}

const escapePointer = (segment: string) => segment.replaceAll("~", "~0").replaceAll("/", "~1");

/** Fastify's route pattern as the document writes the path: /v1c/locations/:id -> /v1c/locations/{id}. */
const documentPath = (routeUrl: string) => routeUrl.replace(/:(\w+)/g, "{$1}");

/**
 * An Ajv holding the document as schema `openapi`. A `oneOf` with a discriminator (included resources) is checked by
 * its `type` alone, not against every branch: 20 times faster. Ajv reads no `mapping` (each branch's `type` constant
 * says the same), so the copy it gets has none.
 */
export function documentValidator(document: OpenApiDocument, options: { validateFormats?: boolean } = {}): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true, discriminator: true, ...options });
  addFormats.default(ajv);
  const schemas = Object.fromEntries(
    Object.entries(document.components.schemas).map(([name, schema]) => {
      const discriminator = schema.discriminator as { propertyName: string } | undefined;
      return [
        name,
        discriminator ? { ...schema, discriminator: { propertyName: discriminator.propertyName } } : schema,
      ];
    }),
  );
  ajv.addSchema({ ...document, components: { ...document.components, schemas }, $id: "openapi" });
  return ajv;
}

/**
 * Checks every answer a test server gives against the OpenAPI document the API publishes: the operation and its
 * status are documented, and a JSON body matches the schema documented for that status (Ajv, JSON Schema 2020-12,
 * as OpenAPI 3.1 uses). Answers outside the API (pages, static files) and bodies that are not JSON are not its
 * business. Install before the API's routes are registered, so the hook reaches them.
 */
export function checkAnswersAgainst(app: FastifyInstance, document: OpenApiDocument) {
  const ajv = documentValidator(document, { validateFormats: true });
  const validators = new Map<string, ValidateFunction | null>();
  const breaches: ContractBreach[] = [];

  /** The validator of the schema at `location` in the document (a path of keys), or null when there is none. */
  function validatorAt(location: string[]): ValidateFunction | null {
    const key = location.join("\n");
    if (!validators.has(key)) {
      let schema: unknown = document;
      for (const step of location) schema = (schema as Record<string, unknown> | undefined)?.[step];
      const pointer = location.map(escapePointer).join("/");
      validators.set(key, schema ? ajv.compile({ $ref: `openapi#/${pointer}` }) : null);
    }
    return validators.get(key) ?? null;
  }

  const validatorFor = (path: string, method: string, status: number, mediaType: string) =>
    validatorAt(["paths", path, method, "responses", String(status), "content", mediaType, "schema"]);

  /** A body the API accepted (2xx) was one the document describes: its request schema is no looser than the route. */
  function checkAcceptedBody(path: string, method: string, operation: string, status: number, body: unknown) {
    const content = document.paths[path]?.[method]?.requestBody?.content ?? {};
    const mediaType = Object.keys(content).find((type) => type.endsWith("json"));
    if (!mediaType || body === undefined || typeof body !== "object") return;
    const validate = validatorAt(["paths", path, method, "requestBody", "content", mediaType, "schema"]);
    if (validate && !validate(body)) {
      const problems = (validate.errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message}`);
      breaches.push({ operation, status, problem: `accepted a body outside its schema: ${problems.join("; ")}` });
    }
  }

  app.addHook("onSend", async (request, reply, payload) => {
    const routeUrl = request.routeOptions.url;
    if (!routeUrl || request.method === "OPTIONS" || request.method === "HEAD") return payload;
    // The catch-all that answers every path the API does not have (unknown-endpoint.ts): no operation of its own.
    if (routeUrl.endsWith("/*")) return payload;
    // A host nobody serves is answered before any operation runs (request-site.ts).
    if (refusedForHost(request)) return payload;
    const path = documentPath(routeUrl);
    const method = request.method.toLowerCase();
    const operations = document.paths[path];
    // Only the API's own paths: the web server's pages (its /auth/google too) share the process in some tests.
    // That every API route is in the document is api-conventions' test; here, the answers they give.
    if (!operations && !path.startsWith("/v1c/")) return payload;
    const operation = `${request.method} ${path}`;
    const status = reply.statusCode;
    const responses = operations?.[method]?.responses;
    if (!responses) {
      breaches.push({ operation, status, problem: "the operation is not in the document" });
      return payload;
    }
    if (!responses[String(status)]) {
      breaches.push({ operation, status, problem: `status ${status} is not documented` });
      return payload;
    }
    if (status < 300) checkAcceptedBody(path, method, operation, status, request.body);
    const sent = String(reply.getHeader("content-type") ?? "").split(";")[0] ?? "";
    if (typeof payload !== "string" || !sent.endsWith("json")) return payload;
    // The API's own onSend turns application/json into JSON:API's type after this hook: either names the schema.
    const documented = Object.keys(responses[String(status)]?.content ?? {});
    const mediaType = documented.includes(sent) ? sent : (documented.find((type) => type.endsWith("json")) ?? sent);
    const validate = validatorFor(path, method, status, mediaType);
    if (!validate) {
      breaches.push({ operation, status, problem: `no schema for ${mediaType}` });
      return payload;
    }
    const body: unknown = JSON.parse(payload);
    if (!validate(body)) {
      const problems = (validate.errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message}`);
      breaches.push({ operation, status, problem: [...new Set(problems)].slice(0, 5).join("; ") });
    }
    // Every error answer lists its codes and carries no other: clients decide by them.
    const codes = responses[String(status)]?.["x-error-codes"];
    const sentCodes = (body as { errors?: Array<{ code?: string }> }).errors?.map((error) => String(error.code)) ?? [];
    if (sentCodes.length > 0 && !codes) {
      breaches.push({ operation, status, problem: `error codes ${sentCodes.join(", ")} sent, none listed` });
    }
    const unlisted = codes ? sentCodes.filter((code) => !codes.includes(code)) : [];
    if (unlisted.length > 0) {
      breaches.push({
        operation,
        status,
        problem: `error code ${unlisted.join(", ")} is not among ${codes?.join(", ")}`,
      });
    }
    return payload;
  });

  return {
    breaches,
    /** Fails with every breach seen, once per operation, status and problem. */
    assertKept(): void {
      if (breaches.length === 0) return;
      const distinct = [...new Set(breaches.map((each) => `${each.operation} ${each.status}: ${each.problem}`))];
      throw new Error(`Answers outside the OpenAPI document:\n  ${distinct.join("\n  ")}`);
    },
  };
}
