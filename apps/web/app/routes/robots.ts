import { siteOf } from "../lib/site.server.ts";

/** robots.txt: everything public may be crawled; search result pages say noindex themselves. On the site's host. */
export function loader({ request }: { request: Request }) {
  const body = [
    "User-agent: *",
    "Allow: /",
    // Look-ups the pages make, and endpoints with no value in a search index.
    "Disallow: /v1c/",
    "Disallow: /cookie-consent",
    "",
    `Sitemap: ${siteOf(request).origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
