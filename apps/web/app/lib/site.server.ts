import { data, redirect } from "react-router";
import type { Site } from "@termin/contracts/site";
import { sitePath } from "../embed/embed-paths.ts";
import { config } from "./config.server.ts";
import { SITE_HEADER } from "./site-header.ts";

/** The site a page request is for; the marketplace at the public address when no web server named one (tests). */
export function siteOf(request: Request): Site {
  const named = request.headers.get(SITE_HEADER);
  if (named) return JSON.parse(decodeURIComponent(named)) as Site;
  return { mode: "marketplace", origin: new URL(config.publicUrl).origin };
}

/** The marketplace's own pages (search, the services taxonomy) are not on one business's site: its 404 page. */
export function marketplaceOnly(request: Request): void {
  if (siteOf(request).mode !== "marketplace") throw data(null, { status: 404 });
}

/**
 * One business's home is its places: `home` redirects there on its own site; the private app of a business with
 * one place opens that place.
 */
export function homeOfSite(request: Request, language: string): void {
  const site = siteOf(request);
  if (site.mode === "marketplace") return;
  const only = site.mode === "private" ? site.business.soleLocation : null;
  throw redirect(only ? `/${language}/location/${encodeURIComponent(only)}` : `/${language}/locations`);
}

/** A page's address on the request's site, for `path` without the language: a redirect of an embed page stays framed. */
export const sitePathOf = (request: Request, language: string, path: string) =>
  sitePath(siteOf(request), language, path);
