import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/** Intl polyfill chunks: the gate's lazy module, the FormatJS constructors and their locale data. */
const POLYFILL_CHUNK = /\/assets\/(intl-polyfill|polyfill-force|polyfill)-[\w-]+\.js$/;

async function firstLocationSlug(request: APIRequestContext): Promise<string> {
  const found = (await (await request.get("/v1c/locations?page[size]=1")).json()) as {
    data: { attributes: { slug: string } }[];
  };
  const slug = found.data[0]?.attributes.slug;
  if (!slug) throw new Error("The demo data has no location");
  return slug;
}

/** The texts of the `service-row__price` paragraphs as the server (Node, full ICU) rendered them. */
function serverPrices(html: string): string[] {
  return [...html.matchAll(/<p class="service-row__price">([^<]*)<\/p>/g)].map((match) => match[1] ?? "");
}

test("a Macedonian page hydrates with the server's Macedonian formats, whatever ICU data the browser ships", async ({
  page,
  visit,
  request,
}) => {
  const path = `/mk/location/${await firstLocationSlug(request)}`;
  const rendered = serverPrices(await (await request.get(path)).text());
  expect(rendered.length).toBeGreaterThan(0);

  // The page fixture fails on any console error, so a hydration mismatch (React #418) fails this test.
  await visit(path);

  // Weekdays as Node names them in Macedonian: "понеделник" ... "недела".
  const weekday = new Intl.DateTimeFormat("mk", { weekday: "long", timeZone: "UTC" });
  const weekdays = [1, 2, 3, 4, 5, 6, 7].map((day) => weekday.format(new Date(Date.UTC(2024, 0, day))));
  expect(weekdays[0]).toBe("понеделник");
  await expect(page.locator(".opening-hours th")).toHaveText(weekdays);

  // Prices after hydration read exactly as the server wrote them: the amount first, the currency after it.
  const prices = page.locator(".service-row__price");
  await expect(prices).toHaveText(rendered);
  for (const price of rendered) expect(price).toMatch(/^\d[\d.,]*(\s–\s\d[\d.,]*)?\s\D+$/);
});

test("an English page does not download the Intl polyfills", async ({ page, visit, request }) => {
  const polyfillRequests: string[] = [];
  page.on("request", (r) => {
    if (POLYFILL_CHUNK.test(r.url())) polyfillRequests.push(r.url());
  });
  await visit(`/en/location/${await firstLocationSlug(request)}`);
  await expect(page.locator(".opening-hours th").first()).toHaveText("Monday");
  expect(polyfillRequests).toEqual([]);
});
