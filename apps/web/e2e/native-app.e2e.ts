import type { LocationResource } from "@termin/contracts/catalogue-resources";
import type { CollectionDocument } from "@termin/contracts/jsonapi";
import { expect, openMenu, required, test, waitForStableApp } from "./fixtures.ts";
import { NATIVE_APP_ORIGIN, nativeApp } from "./native-app.ts";
import de from "../app/i18n/locales/de.json" with { type: "json" };
import en from "../app/i18n/locales/en.json" with { type: "json" };

// The native app is a phone's: its shell at a phone's width, touch on.
test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

/** The places the home page features, as the API lists them to anyone. */
async function featuredPlaces(request: { get(url: string): Promise<{ json(): Promise<unknown> }> }) {
  const featured = (await (
    await request.get("/v1c/locations?sort=-rating,-review_count&page[size]=6")
  ).json()) as CollectionDocument<LocationResource>;
  return featured.data.map((location) => location.attributes.name);
}

test("the app opens in the language the client chose, with the API's places, and finds and opens a place", async ({
  page,
  baseURL,
  request,
}) => {
  const app = await nativeApp(page, required(baseURL, "baseURL"), {
    preferences: { language: "de", cookie_consent_accepted: "true" },
  });
  await app.open("/");

  await expect(page).toHaveURL(`${NATIVE_APP_ORIGIN}/de/home`);
  await expect(page.getByRole("heading", { level: 1, name: de.home.title })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  const featured = page.getByRole("region", { name: de.home.featured });
  const names = await featuredPlaces(request);
  await expect(featured.locator(".location-card__name")).toHaveText(names);
  // The places' pictures come from the API's image endpoint, not from the app's own files.
  const picture = featured.locator("img").first();
  await picture.scrollIntoViewIfNeeded();
  await expect(picture).toHaveAttribute("src", new RegExp(`^${baseURL}/images/\\d+\\?s=\\d+$`));
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await waitForStableApp(page);

  // A search in the app: the API's results for the words, in German.
  const field = page.getByRole("combobox", { name: de.search.label });
  await field.fill("Maniküre");
  await page.getByRole("button", { name: de.search.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/de\/search\?q=Manik%C3%BCre/);
  await expect(page.getByRole("heading", { level: 1, name: de.search.title })).toBeVisible();
  const results = page.locator(".card-grid .location-card");
  await expect(results.first()).toBeVisible();

  // A place's page, from its card.
  const name = required(await results.first().locator(".location-card__name").textContent(), "a result's name");
  await results.first().locator(".location-card__name a").click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(/\/de\/location\//);
});

test("without a stored choice the app opens in the device's language, and keeps the cookie notice's answer", async ({
  page,
  baseURL,
}) => {
  const app = await nativeApp(page, required(baseURL, "baseURL"));
  await app.open("/");

  await expect(page).toHaveURL(`${NATIVE_APP_ORIGIN}/en/home`);
  await expect(page.getByRole("heading", { level: 1, name: en.home.title })).toBeVisible();
  await waitForStableApp(page);
  const notice = page.getByRole("region", { name: en.cookieConsent.label });
  await expect(notice).toBeVisible();
  await notice.getByRole("button", { name: en.cookieConsent.accept }).click();
  await expect(notice).toHaveCount(0);
  expect(app.preferences.get("cookie_consent_accepted")).toBe("true");
});

test("the language menu switches the app's language and the app keeps the choice for its next start", async ({
  page,
  baseURL,
}) => {
  const app = await nativeApp(page, required(baseURL, "baseURL"), {
    preferences: { language: "en", cookie_consent_accepted: "true" },
  });
  await app.open("/en/search");
  await expect(page.getByRole("heading", { level: 1, name: en.search.title })).toBeVisible();
  const menu = await openMenu(page);
  await menu.getByRole("button", { name: "Language" }).click();
  await page.getByRole("menuitem", { name: "Deutsch" }).click();

  await expect(page).toHaveURL(`${NATIVE_APP_ORIGIN}/de/search`);
  await expect(page.getByRole("heading", { level: 1, name: de.search.title })).toBeVisible();
  expect(app.preferences.get("language")).toBe("de");
  await app.open("/");
  await expect(page).toHaveURL(`${NATIVE_APP_ORIGIN}/de/home`);
});

test("an address the app does not have shows the 404 page in the app's shell", async ({ page, baseURL }) => {
  const app = await nativeApp(page, required(baseURL, "baseURL"), {
    preferences: { language: "en", cookie_consent_accepted: "true" },
  });
  await app.open("/en/no-such-page");
  await expect(page.getByRole("heading", { level: 1, name: en.notFound.title })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Sections" })).toBeVisible();
});

test("on the phone every search suggestion can be reached above the tab bar", async ({ page, baseURL }) => {
  const app = await nativeApp(page, required(baseURL, "baseURL"), {
    preferences: { language: "en", cookie_consent_accepted: "true" },
  });
  await app.open("/en/home");
  await waitForStableApp(page);
  await page.getByRole("combobox", { name: en.search.label }).fill("ma");
  const list = page.getByRole("listbox", { name: en.search.suggestions });
  const options = list.getByRole("option");
  await expect(options.nth(3)).toBeVisible();
  const tabBarTop = required(await page.getByRole("navigation", { name: "Sections" }).boundingBox(), "the tab bar").y;
  const listBox = required(await list.boundingBox(), "the list");
  expect(listBox.y + listBox.height).toBeLessThanOrEqual(tabBarTop);

  // The last one scrolls into sight within the list, above the tab bar, and opens what it names.
  const last = options.last();
  await last.scrollIntoViewIfNeeded();
  const lastBox = required(await last.boundingBox(), "the last suggestion");
  expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(tabBarTop);
  await last.click();
  await expect(page).toHaveURL(/\/en\/(?:location\/|search\?(?:city|service)=)/);
});
