import { expect, test } from "@playwright/test";
import { required } from "./fixtures.ts";
import { SUPPORTED_LANGUAGES } from "@termin/domain/languages";

test("robots.txt allows crawling and names the sitemap", async ({ request }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  const text = await response.text();
  expect(text).toContain("User-agent: *");
  expect(text).toMatch(/^Sitemap: http:\/\/localhost:\d+\/sitemap\.xml$/m);
});

test("the sitemap lists every location in every language, with hreflang alternates", async ({ request }) => {
  const index = await (await request.get("/sitemap.xml")).text();
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(required(match[1], "a sitemap address")).pathname,
  );
  expect(files).toEqual(["/sitemaps/pages.xml", "/sitemaps/locations-1.xml"]);

  const locations = await (await request.get("/sitemaps/locations-1.xml")).text();
  const total = (await (await request.get("/v1c/locations?page[size]=1")).json()).meta.total as number;
  const urls = [...locations.matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((match) =>
    required(match[1], "a page address"),
  );
  expect(urls).toHaveLength(total * SUPPORTED_LANGUAGES.length);
  const first = new URL(required(urls[0], "a location address")).pathname.split("/").slice(2).join("/");
  for (const language of SUPPORTED_LANGUAGES) {
    expect(locations).toContain(`hreflang="${language}" href="http://localhost:3100/${language}/${first}"`);
  }
  // Every listed page exists.
  expect((await request.get(new URL(required(urls[0], "a location address")).pathname)).status()).toBe(200);

  const pages = await (await request.get("/sitemaps/pages.xml")).text();
  expect(pages).toContain("<loc>http://localhost:3100/mk/services</loc>");
  expect(pages).toContain("<loc>http://localhost:3100/el/inspiration/manicure</loc>");
  expect((await request.get("/sitemaps/locations-2.xml")).status()).toBe(404);
});

test("a page after the first of a list is its own canonical page; filters are not", async ({ request }) => {
  const second = await (await request.get("/en/search?page=2&sort=name")).text();
  expect(second).toContain('<link rel="canonical" href="http://localhost:3100/en/search?page=2"/>');
  expect(second).toContain('<link rel="alternate" hrefLang="de" href="http://localhost:3100/de/search?page=2"/>');
  const first = await (await request.get("/en/search?page=1&sort=name")).text();
  expect(first).toContain('<link rel="canonical" href="http://localhost:3100/en/search"/>');
});

test("a location page has its own title, description, canonical address and language alternates", async ({
  request,
}) => {
  const slug = (await (await request.get("/v1c/locations?page[size]=1")).json()).data[0].attributes.slug as string;
  const html = await (await request.get(`/el/location/${slug}`)).text();
  expect(html).toMatch(/<title>[^<]+ · [^<]+ · Termin<\/title>/);
  expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
  expect(html).toContain(`<link rel="canonical" href="http://localhost:3100/el/location/${slug}"/>`);
  expect(html).toContain(`<link rel="alternate" hrefLang="mk" href="http://localhost:3100/mk/location/${slug}"/>`);
  expect(html).toContain('"@type":"HealthAndBeautyBusiness"');
  expect((await request.get("/en/location/no-such-place")).status()).toBe(404);
});

test("search result pages ask not to be indexed", async ({ request }) => {
  const html = await (await request.get("/en/search?q=nails")).text();
  expect(html).toContain('<meta name="robots" content="noindex, follow"/>');
});
