import type { FastifyInstance, FastifyRequest } from "fastify";
import { isEmbedPath } from "../app/embed/embed-paths.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a request comes from a widget's frame: an embed page itself, or a request such a page makes (a data
 * request, a form post, the client's own parts), which names the page as its same-origin Referer.
 */
export function isFramedRequest(request: Pick<FastifyRequest, "url" | "headers" | "protocol" | "host">): boolean {
  if (isEmbedPath(request.url.split("?")[0] ?? "")) return true;
  const referer = request.headers.referer;
  if (!referer) return false;
  try {
    const from = new URL(referer);
    return from.origin === `${request.protocol}://${request.host}` && isEmbedPath(from.pathname);
  } catch {
    return false;
  }
}

/**
 * A cookie set in a widget's frame, kept in the partition of the site that frames it (CHIPS): browsers that block
 * third-party cookies keep these, and each host site's frame has its own, never another's.
 */
export function partitionedCookie(setCookie: string): string {
  const kept = setCookie
    .split(";")
    .map((part) => part.trim())
    .filter((part) => !/^(samesite|secure|partitioned)(=|$)/i.test(part));
  return [...kept, "SameSite=None", "Secure", "Partitioned"].join("; ");
}

/**
 * Whether a page write comes from a page of this origin: its Origin header where the browser sends one (every
 * form post and fetch of today's browsers), else Fetch Metadata's word; a request with neither (a script, not a
 * browser) carries no visitor's cookie by surprise.
 */
export function isSameOriginWrite(request: Pick<FastifyRequest, "headers" | "protocol" | "host">): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return origin === `${request.protocol}://${request.host}`;
  const site = request.headers["sec-fetch-site"];
  return site === undefined || site === "same-origin" || site === "none";
}

/**
 * Page writes (form posts, actions) only from our own pages: with the widget's cookies sent in third-party frames
 * (SameSite=None), the browser's Lax rule no longer stops another site's forged post, so the server does.
 */
export function refuseCrossSiteWrites(pages: FastifyInstance): void {
  pages.addHook("onRequest", async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || isSameOriginWrite(request)) return;
    await reply
      .code(403)
      .header("cache-control", "no-store")
      .type("text/plain; charset=utf-8")
      .send("Forbidden: this form was sent from another site.");
  });
}
