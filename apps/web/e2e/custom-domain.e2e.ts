import type { APIRequestContext } from "@playwright/test";
import type { CollectionDocument } from "@termin/contracts/jsonapi";
import type { BusinessResource, LocationResource } from "@termin/contracts/catalogue-resources";
import { api, json, main } from "./booking-fixtures.ts";
import { expect, expectNoAxeViolations, required, test, waitForStableApp } from "./fixtures.ts";

// A business on its own domain (decision 0046): the demo maps every business to {slug}.localhost, which browsers
// and this machine resolve to loopback, so the same server answers it as that business's site.

/** The demo business with the most places, and one with a single place. */
async function demoBusinesses(request: APIRequestContext) {
  const places = await json<CollectionDocument<LocationResource>>(api(request, "locations?page[size]=100"));
  const countOf = new Map<string, number>();
  for (const place of places.data) {
    const id = (place.relationships?.business?.data as { id: string } | null)?.id ?? "";
    countOf.set(id, (countOf.get(id) ?? 0) + 1);
  }
  const ranked = [...countOf].sort((a, b) => b[1] - a[1]);
  const business = async (id: string) =>
    (await json<{ data: BusinessResource }>(api(request, `businesses/${id}`))).data;
  const [most] = ranked;
  const single = ranked.find(([, count]) => count === 1);
  return [
    { business: await business(required(most, "a business")[0]), places: required(most, "a business")[1] },
    { business: await business(required(single, "a business with one place")[0]), places: 1 },
  ];
}

const domainOf = (baseURL: string | undefined, slug: string) => {
  const url = new URL(baseURL ?? "http://localhost:3100");
  return `${url.protocol}//${slug}.localhost:${url.port}`;
};

test("a business's own domain shows only its places, under its name, with the marketplace's pages gone", async ({
  page,
  request,
  baseURL,
}) => {
  for (const { business, places } of await demoBusinesses(request)) {
    const origin = domainOf(baseURL, business.attributes.slug);
    await page.context().addCookies([{ name: "cookie_consent_accepted", value: "true", url: origin }]);
    // Home is the business's places.
    await page.goto(`${origin}/en/home`);
    await waitForStableApp(page);
    await expect(page).toHaveURL(`${origin}/en/locations`);
    await expect(page.locator(".top-bar .brand")).toHaveText(business.attributes.name);
    await expect(main(page).locator(".location-card")).toHaveCount(places);
    // Search, services and the Look Book are offered nowhere: top bar, tab bar or cards.
    await expect(
      page.locator('a[href$="/en/search"], a[href$="/en/services"], a[href*="/en/inspiration"]'),
    ).toHaveCount(0);
    await expect(page.locator('a[href$="/en/locations"]').first()).toBeAttached();
    // Search engines are told this host is where its pages live.
    await expect(page.locator("link[rel=canonical]")).toHaveAttribute("href", `${origin}/en/locations`);
    await expect(page.locator("link[rel=alternate][hreflang=bg]")).toHaveAttribute("href", `${origin}/bg/locations`);
    await expectNoAxeViolations(page);

    const onDomain = (path: string) => request.get(path, { headers: { "x-forwarded-host": new URL(origin).host } });
    for (const path of ["/en/search", "/en/services"]) {
      expect((await onDomain(path)).status(), path).toBe(404);
    }
    const robots = await (await onDomain("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
    const sitemap = await (await onDomain("/sitemaps/locations-1.xml")).text();
    expect(sitemap.match(/<loc>[^<]*\/en\/location\//g)).toHaveLength(places);
    expect(sitemap).not.toContain(`${baseURL}/`);
  }
});

test("a host nobody serves answers 404 and is not kept; the marketplace is unchanged", async ({ request, baseURL }) => {
  // Node's resolver, unlike the browser's, knows no *.localhost: the host is named as a proxy in front names it.
  const stranger = new URL(domainOf(baseURL, "nobody-has-this")).host;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const answer = await request.get("/en/home", { headers: { "x-forwarded-host": stranger } });
    expect(answer.status()).toBe(404);
    expect(answer.headers()["cache-control"]).toBe("no-store");
  }
  const marketplace = await request.get("/en/search");
  expect(marketplace.status()).toBe(200);
});
