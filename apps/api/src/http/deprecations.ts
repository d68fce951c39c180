import type { FastifyInstance } from "fastify";
import type { Operation } from "../docs/document-types.ts";

/** An operation being retired (docs/api-versioning.md): announced on every answer it gives, and in the document. */
export interface Deprecation {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  /** The route as Fastify names it: "/v1c/booking-holds/:id". */
  route: string;
  /** When it was deprecated (may be today: deprecated from this release on). */
  since: Date;
  /** When it stops answering, at least 6 months after `since`; absent while no date is set. */
  sunset?: Date;
  /** The changelog entry that says what to use instead. */
  changelog: string;
}

/** The operations being retired now: none yet. Add one here; its answers and the document say so by themselves. */
export const DEPRECATIONS: readonly Deprecation[] = [];

/** RFC 9745's Deprecation (a structured-field date: @ and Unix seconds), RFC 8594's Sunset and the Link to read. */
export function deprecationHeaders(deprecation: Deprecation): Record<string, string> {
  return {
    deprecation: `@${Math.floor(deprecation.since.getTime() / 1000)}`,
    ...(deprecation.sunset ? { sunset: deprecation.sunset.toUTCString() } : {}),
    link: `<${deprecation.changelog}>; rel="deprecation"; type="text/html"`,
  };
}

const keyOf = (method: string, route: string) => `${method.toUpperCase()} ${route}`;

/** Sends the headers of `deprecations` with every answer of their operations, errors included. */
export function announceDeprecations(app: FastifyInstance, deprecations: readonly Deprecation[] = DEPRECATIONS): void {
  if (deprecations.length === 0) return;
  const byRoute = new Map(deprecations.map((each) => [keyOf(each.method, each.route), deprecationHeaders(each)]));
  app.addHook("onSend", async (request, reply, payload) => {
    const headers = request.routeOptions.url && byRoute.get(keyOf(request.method, request.routeOptions.url));
    if (headers) reply.headers(headers);
    return payload;
  });
}

/** Marks the document's operations that `deprecations` name: `deprecated: true`, with the dates in the description. */
export function markDeprecated(
  paths: Record<string, Record<string, Operation>>,
  deprecations: readonly Deprecation[] = DEPRECATIONS,
): Record<string, Record<string, Operation>> {
  if (deprecations.length === 0) return paths;
  const marked = structuredClone(paths);
  for (const deprecation of deprecations) {
    const path = deprecation.route.replace(/:(\w+)/g, "{$1}");
    const operation = marked[path]?.[deprecation.method.toLowerCase()];
    if (!operation) throw new Error(`deprecated ${keyOf(deprecation.method, path)} is not in the document`);
    operation.deprecated = true;
    const until = deprecation.sunset ? `; it stops answering on ${deprecation.sunset.toISOString().slice(0, 10)}` : "";
    operation.description =
      `${operation.description ?? ""} Deprecated since ${deprecation.since.toISOString().slice(0, 10)}${until}: see ${deprecation.changelog}.`.trim();
  }
  return marked;
}
