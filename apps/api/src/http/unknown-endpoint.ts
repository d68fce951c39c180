import type { FastifyRequest } from "fastify";
import type { OpenApiDocument } from "../docs/openapi.ts";
import { AppError } from "./app-error.ts";

/** Each documented path as a pattern (`/v1c/notifications/{id}` matches `/v1c/notifications/42`) with its methods. */
function documentedPaths(openApi: OpenApiDocument): Array<{ pattern: RegExp; methods: string[] }> {
  return Object.entries(openApi.paths).map(([path, operations]) => {
    const source = path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+");
    return { pattern: new RegExp(`^${source}/?$`), methods: Object.keys(operations).map((m) => m.toUpperCase()) };
  });
}

/**
 * The answer for a request no route took: 405 with `Allow` when the API document has the path with other methods,
 * else 404. The document is the contract, so the two answers follow it.
 */
export function unknownEndpoint(openApi: OpenApiDocument): (request: FastifyRequest) => Promise<never> {
  const paths = documentedPaths(openApi);
  return async (request) => {
    const path = request.url.split("?")[0] ?? "";
    const methods = [...new Set(paths.filter(({ pattern }) => pattern.test(path)).flatMap((each) => each.methods))];
    if (methods.length > 0 && !methods.includes(request.method)) {
      const allow = methods.includes("GET") ? [...methods, "HEAD"] : methods;
      throw new AppError(
        "method_not_allowed",
        `${path} answers ${allow.join(", ")}, not ${request.method}.`,
        undefined,
        { allow: allow.join(", ") },
      );
    }
    throw new AppError("not_found", `There is no ${request.method} ${path} in this API.`);
  };
}
