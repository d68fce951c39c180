import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import inject from "light-my-request";
import { matchAcceptLanguage } from "@termin/domain/languages";
import { SITE_EMBED_HEADER, SITE_HOST_HEADER } from "@termin/contracts/site";
import { requestedHost, siteKey } from "../sites/request-site.ts";
import type { DataChanges } from "./data-changes.ts";
import { createSharedAnswerCache, headerOf, type MadeAnswer } from "./shared-answer-cache.ts";

/**
 * How long a public document is served from memory: fresh for a second, then a second more while the next is
 * made. A write of what they show forgets them all (data-changes.ts); a change made outside the API (a script) shows within
 * PUBLIC_DOCUMENT_LIFETIME_SECONDS.
 */
const FRESH_SECONDS = 1;
const STALE_SECONDS = 1;
export const PUBLIC_DOCUMENT_LIFETIME_SECONDS = FRESH_SECONDS + STALE_SECONDS;

/** Documents kept at most: a catalogue document is some 2-20 KB, kept three ways. */
const MAX_ENTRIES = 5_000;

/** Headers of one request's answer that another request's answer must not repeat. */
const OWN_HEADERS = new Set([
  "x-request-id",
  "date",
  "connection",
  "keep-alive",
  "content-length",
  "transfer-encoding",
]);

const SAFE_METHODS = new Set(["GET", "HEAD"]);

declare module "fastify" {
  interface FastifyContextConfig {
    /** An answer that never ends (a stream of events): no cache makes or keeps it. */
    endless?: boolean;
  }
}

/**
 * Marks the requests the cache makes documents with, which must reach the handler. A secret of this process: a
 * client cannot send it to go around the cache.
 */
const MAKING = { header: "x-termin-making-document", value: randomUUID() };

/**
 * The key of a request for a public document, or null when it must be answered for this requester alone: it
 * carries credentials (a document may then hold the client's own things), or the cache is making the document.
 * A public document depends on nothing else than its site (a business's own domain sees only that business), its
 * address and its language, picked from Accept-Language exactly as request-language.ts does.
 */
function publicDocumentKey(
  request: Pick<FastifyRequest, "method" | "url" | "headers" | "site" | "routeOptions">,
): string | null {
  if (!SAFE_METHODS.has(request.method) || request.headers.authorization !== undefined) return null;
  if (request.routeOptions.config.endless) return null;
  if (request.headers[MAKING.header] === MAKING.value) return null;
  const language = matchAcceptLanguage(headerOf(request, "accept-language")) ?? "en";
  return `${siteKey(request.site)}\n${request.url}\n${language}`;
}

/** `Cache-Control: no-cache` (or `Pragma: no-cache`, or `no-store`): the client asks for a document made now. */
const asksForFresh = (request: FastifyRequest) =>
  /\bno-(cache|store)\b/.test(`${headerOf(request, "cache-control") ?? ""} ${headerOf(request, "pragma") ?? ""}`);

/**
 * Keeps the API's public documents (the catalogue, reviews, content pages) in memory for a second or two
 * (decision 0029): what anyone may read without signing in is read from the database about once a second per
 * address and language, however many visitors, page renders and apps ask. An answer is kept only when it was
 * made for nobody in particular (200, no cookie, not `private`/`no-store`: free times, holds and anything
 * signed-in never are). Each document is made by the API itself, in process, with the same edge, handler and
 * hooks as any request.
 */
export function cachePublicDocuments(app: FastifyInstance, changes: DataChanges): void {
  const cache = createSharedAnswerCache({
    freshSeconds: FRESH_SECONDS,
    staleSeconds: STALE_SECONDS,
    maxEntries: MAX_ENTRIES,
    // Origin: the answer carries CORS headers for the origin that asked (cross-origin.ts).
    vary: "Accept-Encoding, Accept-Language, Authorization, Origin",
  });

  const make = async (request: FastifyRequest): Promise<MadeAnswer> => {
    const made = await inject(app.routing, {
      method: "GET",
      url: request.url,
      headers: {
        [MAKING.header]: MAKING.value,
        // Made for the same site as the request it answers (the key's first part): its host, and the business an
        // embed page's call names.
        [SITE_HOST_HEADER]: requestedHost(request),
        ...(typeof request.headers[SITE_EMBED_HEADER] === "string"
          ? { [SITE_EMBED_HEADER]: request.headers[SITE_EMBED_HEADER] }
          : {}),
        "x-forwarded-proto": request.protocol,
        "x-request-id": request.id,
        ...(request.headers["accept-language"] ? { "accept-language": request.headers["accept-language"] } : {}),
      },
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(made.headers)) {
      if (OWN_HEADERS.has(name) || value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
    }
    return { status: made.statusCode, headers, body: made.rawPayload };
  };

  app.addHook("onRequest", async (request, reply) => {
    const key = publicDocumentKey(request);
    if (key === null) return;
    const answer = await cache.serve(key, request, () => make(request), { refresh: asksForFresh(request) });
    reply.status(answer.status);
    for (const [name, value] of answer.headers) reply.header(name, value);
    return reply.send(answer.body ?? undefined);
  });

  // A write may change any public document (a review changes a location's rating).
  changes.subscribe(() => cache.clear());
}
