import { publicConfig } from "../lib/config.server.ts";

/** robots.txt: everything public may be crawled; search result pages say noindex themselves. */
export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    // Look-ups the pages make, and endpoints with no value in a search index.
    "Disallow: /v1c/",
    "Disallow: /cookie-consent",
    "",
    `Sitemap: ${publicConfig.publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
