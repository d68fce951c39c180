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

/** A page's address on the request's site, for `path` without the language: a redirect of an embed page stays framed. */
export const sitePathOf = (request: Request, language: string, path: string) =>
  sitePath(siteOf(request), language, path);
