import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { EMBED_SEGMENT, SITE_EMBED_HEADER, SITE_HOST_HEADER, type Site } from "@termin/contracts/site";
import type { DataChanges } from "../http/data-changes.ts";
import type { EmbedTarget, SiteDirectory } from "./site-directory.ts";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Resolves a request's site where no hook ran (a path the router could not decode still gets its 404 page):
     * false when its host is nobody's, which it has then answered.
     */
    settleSite(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
  }
  interface FastifyRequest {
    /** The site this request is for (decision 0046), set before any route runs. */
    site: Site;
  }
}

/** The host a request was made to: the one the web server or a proxy names, else its own. */
export function requestedHost(request: Pick<FastifyRequest, "headers" | "host">): string {
  const named = request.headers[SITE_HOST_HEADER];
  const first = (Array.isArray(named) ? named[0] : named)?.split(",")[0]?.trim();
  return first || request.host;
}

/** An embed page's path: `/{language}/embed/business/{slug}…`, `/{language}/embed/location-…/{slug}…`. */
const EMBED_PAGE = new RegExp(
  `^/[a-z]{2}/${EMBED_SEGMENT}/(business|location-services|location-classes)/([^/?]+?)(?:\\.data)?(?:[/?]|$)`,
);

/**
 * What a request embeds: an embed page names it in its path, an embed page's API call in its header (set by the web
 * server from the page's own site); null for anything else.
 */
export function embedTargetOf(request: Pick<FastifyRequest, "headers" | "url">): EmbedTarget | null {
  const named = request.headers[SITE_EMBED_HEADER];
  if (typeof named === "string" && named !== "") return { business: named };
  const [, kind, slug] = EMBED_PAGE.exec(request.url) ?? [];
  if (!kind || !slug) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(slug);
  } catch {
    return null;
  }
  return kind === "business" ? { business: decoded } : { location: decoded };
}

/** A key part naming the site, for what is kept per site (pages, public documents). */
export const siteKey = (site: Site) =>
  site.mode === "marketplace" ? `marketplace ${site.origin}` : `${site.mode} ${site.business.id} ${site.origin}`;

const sites = new WeakMap<FastifyRequest, Site>();
const refused = new WeakSet<FastifyRequest>();

/** Whether the request was refused for its host (answered 404 before any operation ran). */
export const refusedForHost = (request: FastifyRequest) => refused.has(request);

/** Health checks come from load balancers by any address: they never need a site. */
const HEALTH_PATHS = new Set(["/livez", "/readyz", "/healthz"]);

/**
 * Decides each request's site once, before routing's hooks (the caches' keys need it): a host nobody serves here
 * answers 404 at once, neither made nor kept (a made-up Host must not fill the page cache).
 */
/**
 * The request's site. Also for the request objects Fastify makes for a path its router could not decode, which
 * carry no decorations (the web server's 404 page for them reads it here, not as `request.site`).
 */
export function siteOfRequest(request: FastifyRequest): Site {
  const site = sites.get(request);
  if (!site) throw new Error("The request's site was read before it was resolved.");
  return site;
}

export function resolveRequestSites(app: FastifyInstance, directory: SiteDirectory, changes: DataChanges): void {
  app.decorateRequest("site", {
    getter(this: FastifyRequest) {
      return siteOfRequest(this);
    },
  });
  changes.subscribe(() => directory.forget());
  const settle = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    let site = await directory.resolve(requestedHost(request), request.protocol);
    const embedded = site && embedTargetOf(request);
    if (site && embedded) {
      const narrowed = await directory.embed(site, embedded);
      // An embed page of nobody is the page's own 404; an API call naming nobody is refused like an unknown host.
      if (narrowed) site = narrowed;
      else if (request.headers[SITE_EMBED_HEADER] !== undefined) site = null;
    }
    if (site === null) {
      refused.add(request);
      await reply
        .code(404)
        .type("text/plain; charset=utf-8")
        .header("cache-control", "no-store")
        .send("No site is served at this address.\n");
      return false;
    }
    sites.set(request, site);
    return true;
  };
  app.decorate("settleSite", settle);
  app.addHook("onRequest", async (request, reply) => {
    if (HEALTH_PATHS.has(request.url.split("?")[0] ?? "")) return;
    await settle(request, reply);
  });
}
