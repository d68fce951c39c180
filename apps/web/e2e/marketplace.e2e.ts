import type { Page } from "@playwright/test";
import type { LocationResource } from "@termin/contracts/catalogue-resources";
import type { CollectionDocument } from "@termin/contracts/jsonapi";
import { expect, expectNoAxeViolations, required, sidewaysOverflow, test, waitForStableApp } from "./fixtures.ts";
import { openSearchFilters } from "./search-page.ts";
import de from "../app/i18n/locales/de.json" with { type: "json" };
import el from "../app/i18n/locales/el.json" with { type: "json" };
import en from "../app/i18n/locales/en.json" with { type: "json" };
import mk from "../app/i18n/locales/mk.json" with { type: "json" };
import cities from "../../../packages/db/src/seed/demo/data/cities.json" with { type: "json" };
import services from "../../../packages/db/src/seed/demo/data/marketplace-services.json" with { type: "json" };

type Journey = { language: "en" | "mk" | "el"; texts: typeof en };
const journeys: Journey[] = [
  { language: "en", texts: en },
  { language: "mk", texts: mk },
  { language: "el", texts: el },
];

const manicure = required(
  services.find((service) => service.slug === "manicure"),
  "the manicure service",
);
const sofia = required(
  cities.find((city) => city.slug === "sofia"),
  "the city of Sofia",
);

/** Waits for a navigation started by the page (a submitted filter) and the app to settle. */
async function settled(page: Page) {
  await page.waitForLoadState("networkidle");
  await waitForStableApp(page);
}

for (const { language, texts } of journeys) {
  test(`[${language}] find a manicure in Sofia from the home page, share the search and open a place`, async ({
    page,
    visit,
    context,
  }) => {
    const serviceName = manicure.names[language];
    const cityName = sofia.names[language];
    await visit(`/${language}/home`);

    // Suggestions appear while typing; the visitor submits the text itself.
    const field = page.getByRole("combobox", { name: texts.search.label });
    await field.fill(serviceName.slice(0, 5));
    await expect(page.getByRole("option", { name: new RegExp(serviceName) }).first()).toBeVisible();
    await field.fill(serviceName);
    await page.getByRole("button", { name: texts.search.submit, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${language}/search\\?q=`));
    await settled(page);

    // Choosing a city applies at once and lands in the URL.
    await openSearchFilters(page);
    await page.getByLabel(texts.search.city, { exact: true }).selectOption("sofia");
    await expect(page).toHaveURL(/city=sofia/);
    await settled(page);
    const results = page.locator(".card-grid .location-card");
    await expect(results.first()).toBeVisible();
    for (const place of await results.locator(".location-card__place").allTextContents()) {
      expect(place).toContain(cityName);
    }
    await expectNoAxeViolations(page);

    // The address is the search: opened elsewhere it shows the same places, and Back undoes the city.
    const searchUrl = page.url();
    const names = await results.locator(".location-card__name").allTextContents();
    const shared = await context.newPage();
    await shared.goto(searchUrl);
    await expect(shared.locator(".card-grid .location-card__name")).toHaveText(names);
    await shared.close();
    await page.goBack();
    await expect(page).not.toHaveURL(/city=sofia/);
    await page.goForward();
    await expect(page).toHaveURL(/city=sofia/);
    await settled(page);

    // The place: services with prices in euro, the team, hours and reviews.
    await page.getByRole("link", { name: names[0], exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(required(names[0], "a search result"));
    await settled(page);
    const menu = page.getByRole("region", { name: texts.location.services });
    await expect(menu.locator(".service-row__price").first()).toContainText("€");
    // Book, or Call to book where the place takes bookings by phone: a link either way.
    await expect(menu.locator(".service-row__action a.button").first()).toHaveAttribute("href", /^(\/|tel:)/);
    await expect(page.getByRole("heading", { name: texts.location.staff })).toBeVisible();
    await expect(page.locator(".staff__member").first()).toBeVisible();
    await expect(page.locator(".opening-hours tr")).toHaveCount(7);
    await expect(page.getByRole("heading", { name: texts.location.reviews })).toBeVisible();
    await expect(page.locator(".review").first()).toBeVisible();
    await expectNoAxeViolations(page);
    // Nothing overflows sideways on a phone.
    expect(await sidewaysOverflow(page)).toBe(0);

    // Search engines get the place as structured data.
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(jsonLd).toMatchObject({
      "@type": "HealthAndBeautyBusiness",
      name: names[0],
      address: { addressCountry: "BG" },
      aggregateRating: { "@type": "AggregateRating" },
    });
    expect(jsonLd.makesOffer[0]).toMatchObject({ priceCurrency: "EUR" });
  });
}

test("suggestions wait for a pause in typing, and the keyboard opens one", async ({ page, visit }) => {
  const asked: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/v1c/search-suggestions") asked.push(url.searchParams.get("filter[q]") ?? "");
  });
  await visit("/en/home");
  const field = page.getByRole("combobox", { name: en.search.label });
  // Typed at a brisk pace: the question is for the whole word, not one per keystroke. (A busy machine can pause
  // the typing once for longer than the debounce, so one early question is allowed; four would mean none.)
  await field.pressSequentially("manic", { delay: 40 });
  const option = page.getByRole("option", { name: /^Manicure/ });
  await expect(option).toBeVisible();
  expect(asked.at(-1)).toBe("manic");
  expect(asked.length).toBeLessThanOrEqual(2);

  await field.press("ArrowDown");
  await expect(field).toHaveAttribute("aria-activedescendant", /option-0$/);
  await field.press("Enter");
  await expect(page).toHaveURL(/\/en\/search\?service=manicure$/);
  await settled(page);
  await expect(page.getByLabel(en.search.service, { exact: true })).toHaveValue("manicure");
});

test("search narrows by type of place and price, and sorts by distance from the visitor", async ({
  page,
  visit,
  context,
}) => {
  await visit("/en/search?city=sofia");
  await openSearchFilters(page);
  await page.getByLabel(en.search.businessType, { exact: true }).selectOption("nail-salon");
  await expect(page).toHaveURL(/type=nail-salon/);
  await settled(page);
  // Prices filter in the city's currency.
  const priceMax = page.getByLabel("Price up to (€)");
  await priceMax.fill("20");
  await priceMax.press("Enter");
  // Only the answered fields travel in the address.
  await expect(page).toHaveURL(/\/en\/search\?city=sofia&type=nail-salon&price_max=20$/);
  await settled(page);
  // The new results may render a moment after the network is idle: wait for them before reading them all.
  await expect(page.locator(".location-card__price").first()).toBeVisible();
  const prices = await page.locator(".location-card__price").allTextContents();
  for (const price of prices) expect(Number(/[\d.]+/.exec(price)?.[0])).toBeLessThanOrEqual(20);

  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation({ latitude: sofia.latitude, longitude: sofia.longitude });
  await page.getByRole("button", { name: en.search.nearMe }).click();
  await expect(page).toHaveURL(/near=42\.\d+(,|%2C)23\.\d+&sort=distance$/);
  await settled(page);
  await expect(page.getByLabel(en.search.sort, { exact: true })).toHaveValue("distance");
  await expect(page.locator(".location-card__place").first()).toContainText(/ · [\d.,]+ (m|km)$/);
  const places = await page.locator(".location-card__place").allTextContents();
  for (const place of places) expect(place).toMatch(/ · [\d.,]+ (m|km)$/);
  await expectNoAxeViolations(page);
});

test("search keeps the places free on a chosen day and time of day, with JavaScript or without", async ({
  page,
  visit,
  request,
  browser,
  baseURL,
}) => {
  // Tomorrow at the place's clock: Sofia's places read the date in Europe/Sofia.
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Sofia" }).format(Date.now() + 86_400_000);
  const summary = (tab: Page) => tab.locator(".search-page__summary [role=status]");
  const places = (count: number) =>
    (count === 1 ? en.search.resultCount_one : en.search.resultCount_other).replace("{{formatted}}", String(count));
  const apiTotal = async (part: string) => {
    const query = `filter[city]=sofia&filter[free_on]=${day}&filter[part_of_day]=${part}`;
    const response = await request.get(`/v1c/search?${query}&page[size]=1`);
    expect(response.status()).toBe(200);
    return ((await response.json()) as { meta: { total: number } }).meta.total;
  };

  await visit("/en/search?city=sofia");
  await openSearchFilters(page);
  const dayField = page.getByLabel(en.search.freeOn, { exact: true });
  // A whole date applies at once, as the lists do.
  await dayField.fill(day);
  await expect(page).toHaveURL(new RegExp(`/en/search\\?city=sofia&free_on=${day}$`));
  await settled(page);
  await page.getByLabel(en.search.partOfDay, { exact: true }).selectOption("morning");
  await expect(page).toHaveURL(new RegExp(`/en/search\\?city=sofia&free_on=${day}&part_of_day=morning$`));
  await settled(page);
  await expect(dayField).toHaveValue(day);
  const morning = await apiTotal("morning");
  expect(morning).toBeGreaterThan(0);
  await expect(summary(page)).toHaveText(places(morning));
  await expect(page.locator(".card-grid .location-card").first()).toBeVisible();
  await expectNoAxeViolations(page);

  // Without JavaScript the Search button sends the same choices in the address.
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: page.viewportSize(),
    baseURL: required(baseURL, "baseURL"),
  });
  const plain = await context.newPage();
  await plain.goto("/en/search?city=sofia");
  await openSearchFilters(plain);
  await plain.getByLabel(en.search.freeOn, { exact: true }).fill(day);
  await plain.getByLabel(en.search.partOfDay, { exact: true }).selectOption("afternoon");
  await plain.getByRole("button", { name: en.search.submit, exact: true }).click();
  await expect(plain).toHaveURL(new RegExp(`free_on=${day}&part_of_day=afternoon`));
  await expect(summary(plain)).toHaveText(places(await apiTotal("afternoon")));
  await context.close();
});

test("choices made on the search form before its scripts are ready are kept and applied", async ({ page, request }) => {
  // A day some London place is free in the evening (the demo's hours and bookings decide which).
  const londonDay = (ahead: number) =>
    new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(Date.now() + ahead * 86_400_000);
  let day = "";
  for (let ahead = 2; ahead < 9 && !day; ahead += 1) {
    const query = `filter[city]=london&filter[free_on]=${londonDay(ahead)}&filter[part_of_day]=evening&page[size]=1`;
    const found = (await (await request.get(`/v1c/search?${query}`)).json()) as CollectionDocument<LocationResource>;
    if (found.data.length > 0) day = londonDay(ahead);
  }
  expect(day, "a day a London place is free in the evening").not.toBe("");
  // The page as a slow phone meets it: server-rendered, its scripts still on the way while the visitor chooses.
  let releaseScripts = () => {};
  const scriptsReleased = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await scriptsReleased;
    await route.continue();
  });
  await page.goto("/en/search", { waitUntil: "domcontentloaded" });
  // A phone's folded filters open before the scripts too (a native disclosure).
  await openSearchFilters(page);
  const city = page.getByLabel(en.search.city, { exact: true });
  await city.selectOption("london");
  await page.getByLabel(en.search.freeOn, { exact: true }).fill(day);
  await page.getByLabel(en.search.partOfDay, { exact: true }).selectOption("evening");
  await expect(page).toHaveURL(/\/en\/search$/);

  releaseScripts();
  await expect(page).toHaveURL(new RegExp(`/en/search\\?city=london&free_on=${day}&part_of_day=evening$`));
  await settled(page);
  await expect(city).toHaveValue("london");
  await expect(page.getByLabel(en.search.freeOn, { exact: true })).toHaveValue(day);
  await expect(page.locator(".location-card__place").first()).toContainText("London");
});

test("the services catalogue leads to the search filtered by a service", async ({ page, visit }) => {
  await visit("/en/services");
  await page.getByRole("link", { name: "Manicure", exact: true }).click();
  await expect(page).toHaveURL(/\/en\/search\?service=manicure/);
  await settled(page);
  await expect(page.getByLabel(en.search.service, { exact: true })).toHaveValue("manicure");
  await expect(page.locator(".card-grid .location-card").first()).toBeVisible();
});

test("an empty search says so and offers a way back", async ({ page, visit }) => {
  await visit("/en/search?q=zzzqqqxxx");
  await expect(page.getByRole("heading", { name: en.search.emptyTitle })).toBeVisible();
  await page.getByRole("link", { name: en.search.clear }).click();
  await expect(page).toHaveURL(/\/en\/search$/);
});

test("a day the search cannot check says why beside the day, and finds no place free then", async ({ page, visit }) => {
  const dayField = page.getByLabel(en.search.freeOn, { exact: true });
  // A value a date field cannot hold is not handed to it (the browser would warn of each).
  const warnings: string[] = [];
  page.on("console", (message) => {
    // Playwright refuses the service worker in this test (playwright.config.ts), and the app says so: not the field's.
    if (message.type() === "warning" && !/service worker/i.test(message.text())) warnings.push(message.text());
  });
  const refusals: Array<[string, string]> = [
    ["tomorrow", en.search.freeOnNotADate],
    ["2026-02-30", en.search.freeOnNotADate],
    ["2020-01-01", en.search.freeOnPast],
    ["2999-01-01", en.search.freeOnTooFar],
  ];
  // The phone's folded filters come open, the reason in view beside the day.
  for (const [day, reason] of refusals) {
    await visit(`/en/search?free_on=${day}`);
    await expect(dayField).toHaveAccessibleDescription(reason);
    await expect(page.getByText(reason)).toBeVisible();
    await expect(page.getByRole("heading", { name: en.search.emptyTitle })).toBeVisible();
    await expect(page.locator(".location-card")).toHaveCount(0);
  }
  // A past day in a city with places: none is "free" then.
  await visit("/en/search?city=varna&free_on=2020-01-01");
  await expect(page.getByText(en.search.freeOnPast)).toBeVisible();
  await expect(page.locator(".location-card")).toHaveCount(0);
  await expectNoAxeViolations(page);
  expect(warnings).toEqual([]);
});

test("a city's neighbourhood filter offers only neighbourhoods with places", async ({ page, visit }) => {
  await visit("/en/search?city=athens");
  await openSearchFilters(page);
  const neighbourhood = page.getByLabel(en.search.neighborhood, { exact: true });
  await expect(neighbourhood.getByRole("option", { name: "Κολωνάκι" })).toHaveCount(1);
  for (const empty of ["Κουκάκι", "Παγκράτι"])
    await expect(neighbourhood.getByRole("option", { name: empty })).toHaveCount(0);
});

test("a page past the last leads to the last page", async ({ page, visit, request }) => {
  const response = await request.get("/v1c/search?page[size]=20");
  const { pageCount } = ((await response.json()) as { meta: { pageCount: number } }).meta;
  expect(pageCount).toBeGreaterThan(1);
  await visit("/de/search?page=99");
  await expect(page).toHaveURL(new RegExp(`/de/search\\?page=${pageCount}$`));
  await expect(page.getByRole("navigation", { name: de.search.pages })).toContainText(
    de.search.pageOf.replace("{{page}}", String(pageCount)).replace("{{total}}", String(pageCount)),
  );
  await expect(page.getByRole("heading", { name: de.search.emptyTitle })).toHaveCount(0);
  // The page's title says which page it is; the first page's does not.
  const last = de.search.pageOf.replace("{{page}}", String(pageCount)).replace("{{total}}", String(pageCount));
  await expect(page).toHaveTitle(`${de.search.title} · ${last} · Termin`);
  await page.goto("/de/search");
  await expect(page).toHaveTitle(`${de.search.title} · Termin`);
  await waitForStableApp(page);
  // Paging on with the keyboard: the reader goes on at the top of the new page, not from the link that moved.
  const pager = page.getByRole("navigation", { name: de.search.pages });
  await pager.getByRole("link", { name: de.search.next }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/de\/search\?page=2$/);
  await expect(page.locator("#main")).toBeFocused();
  await pager.getByRole("link", { name: de.search.previous }).click();
  await expect(page).toHaveURL(/\/de\/search(\?page=1)?$/);
  await expect(page.locator("#main")).toBeFocused();
});

test("the Look Book scrolls on, and a video plays in a player loaded only for videos", async ({
  page,
  visit,
  request,
}) => {
  const playerRequests: string[] = [];
  page.on("request", (r) => {
    if (/\/assets\/VideoPlayer-[\w-]+\.js$/.test(r.url())) playerRequests.push(r.url());
  });

  await visit("/en/inspiration");
  const tiles = page.locator(".inspiration-grid li");
  await expect(tiles).toHaveCount(24);
  // Infinite scroll: the end of the grid in view brings the next page.
  await page.getByRole("link", { name: en.inspiration.more }).scrollIntoViewIfNeeded();
  await expect(tiles).toHaveCount(48);

  // A picture opens in the viewer without the video player.
  await tiles.locator("a.inspiration-tile:not([aria-label^='Play video'])").first().click();
  await expect(page).toHaveURL(/\/en\/inspiration\/view\/\d+/);
  const image = page.locator("img.viewer__media");
  await expect(image).toBeVisible();
  // Sized by the inspiration rule: at least 390 pixels on its longest side.
  expect(
    Number(new URL((await image.getAttribute("src")) ?? "", page.url()).searchParams.get("s")),
  ).toBeGreaterThanOrEqual(390);
  await expectNoAxeViolations(page);
  expect(playerRequests).toEqual([]);

  // A video, found through its service's Look Book.
  const videos = await (
    await request.get("/v1c/media?filter[inspiration]=true&filter[kind]=video&include=marketplaceService")
  ).json();
  const slug = videos.included.find((r: { type: string }) => r.type === "marketplace-services").attributes.slug;
  await visit(`/en/inspiration/${slug}`);
  await page.locator(".inspiration-grid a[aria-label^='Play video']").first().click();
  await expect(page).toHaveURL(/\/en\/inspiration\/view\/\d+/);
  const video = page.locator("video");
  await expect(video).toBeVisible();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(0);
  expect(playerRequests).toHaveLength(1);
  await expectNoAxeViolations(page);
});

test("locations by city, a business and the app download page", async ({ page, visit }) => {
  await visit("/en/locations");
  await page.getByRole("link", { name: /^Sofia/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Places in Sofia");
  await settled(page);
  await expectNoAxeViolations(page);
  await page.locator(".location-card__name a").first().click();
  await settled(page);
  await page.locator(".location-page__business a").click();
  await expect(page).toHaveURL(/\/en\/business\//);
  await settled(page);
  await expect(page.locator(".location-card").first()).toBeVisible();
  await expectNoAxeViolations(page);

  await visit("/en/download-application");
  await expect(page.getByRole("img", { name: en.download.qrLabel })).toBeVisible();
});

test("a place that takes bookings by phone offers its number and Call to book, never a Book that leads nowhere", async ({
  page,
  request,
  visit,
}) => {
  const locations = (await (
    await request.get("/v1c/locations?page[size]=100&sort=name&include=business")
  ).json()) as CollectionDocument<LocationResource>;
  let phoneOnly: LocationResource | null = null;
  for (const place of locations.data) {
    const business = place.relationships?.business?.data;
    if (!business || Array.isArray(business)) continue;
    const settings = (await (await request.get(`/v1c/settings/${business.id}`)).json()) as {
      data: { attributes: { online_booking_enabled: boolean } };
    };
    if (!settings.data.attributes.online_booking_enabled) {
      phoneOnly = place;
      break;
    }
  }
  const place = required(phoneOnly, "a demo place that takes bookings by phone only");
  await visit(`/en/location/${place.attributes.slug}`);
  const menu = page.getByRole("region", { name: en.location.services });
  await expect(menu.getByText(en.location.bookByPhone)).toBeVisible();
  await expect(menu.getByRole("link", { name: place.attributes.phone, exact: true })).toHaveAttribute(
    "href",
    /^tel:\+?\d+$/,
  );
  const calls = menu.getByRole("link", { name: /^Call .+ to book / });
  expect(await calls.count()).toBeGreaterThan(0);
  for (const call of await calls.all()) {
    await expect(call).toHaveText(en.location.callToBook);
    await expect(call).toHaveAttribute("href", /^tel:/);
  }
  await expect(menu.getByRole("link", { name: /^Book / })).toHaveCount(0);
  await expect(menu.getByRole("button", { name: /^Book / })).toHaveCount(0);
});
