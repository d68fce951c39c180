import { SUPPORTED_LANGUAGES } from "@termin/domain/languages";

/** Locations per sitemap file: 500 x 11 languages keeps each file well under the 50,000-URL limit. */
export const LOCATIONS_PER_SITEMAP = 500;

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

/** A sitemap index pointing at the given sitemap files. */
export function sitemapIndex(urls: string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map((url) => `<sitemap><loc>${escapeXml(url)}</loc></sitemap>`),
    "</sitemapindex>",
    "",
  ].join("\n");
}

/**
 * A sitemap listing each page in every language, each entry naming its alternates (hreflang), as search
 * engines ask for multilingual sites. `paths` are without the language prefix ("location/nail-bar").
 */
export function sitemapOfPaths(publicUrl: string, paths: string[]): string {
  const entries = paths.flatMap((path) => {
    const alternates = SUPPORTED_LANGUAGES.map(
      (language) =>
        `<xhtml:link rel="alternate" hreflang="${language}" href="${escapeXml(`${publicUrl}/${language}/${path}`)}"/>`,
    ).join("");
    return SUPPORTED_LANGUAGES.map(
      (language) => `<url><loc>${escapeXml(`${publicUrl}/${language}/${path}`)}</loc>${alternates}</url>`,
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    "</urlset>",
    "",
  ].join("\n");
}

export function xmlResponse(body: string): Response {
  return new Response(body, {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
