import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import type { LocationResource } from "@termin/contracts/catalogue-resources";
import type { CollectionDocument } from "@termin/contracts/jsonapi";
import { expect, openMenu, required, test, toast, waitForStableApp } from "./fixtures.ts";
import {
  callsOf,
  emitWhenListening,
  NATIVE_APP_ORIGIN,
  nativeApp,
  signedUpAppClient,
  type NativePlugin,
} from "./native-app.ts";
import de from "../app/i18n/locales/de.json" with { type: "json" };
import en from "../app/i18n/locales/en.json" with { type: "json" };

// The native app's own behaviours (decision 0054) in its build, in Chromium: only the plugins' native halves are
// played (native-app.ts); the app's code, Capacitor's bridge and the plugins' JavaScript run as on an Android phone,
// whose web view says so in its user agent.
test.use({
  viewport: { width: 375, height: 740 },
  hasTouch: true,
  userAgent:
    "Mozilla/5.0 (Linux; Android 15; Pixel 9 Build/AP4A.250105.002; wv) AppleWebKit/537.36 (KHTML, like Gecko) " +
    "Version/4.0 Chrome/142.0.0.0 Mobile Safari/537.36",
});

/** @capawesome/capacitor-app-update's answers (AppUpdateAvailability). */
const UPDATE_NOT_AVAILABLE = 1;
const UPDATE_AVAILABLE = 2;

/** Whether the store has an update now: the test changes it as a store would between two checks. */
interface Store {
  availability: number;
}

/** The store's answers, which may change while the app runs (the harness's phone is otherwise up to date). */
function storeAnswering(store: Store): Record<string, NativePlugin> {
  return {
    AppUpdate: {
      getAppUpdateInfo: () => ({
        currentVersionName: "1.0.0",
        currentVersionCode: "42",
        availableVersionName: store.availability === UPDATE_AVAILABLE ? "1.1.0" : "1.0.0",
        availableVersionCode: store.availability === UPDATE_AVAILABLE ? "43" : "42",
        updateAvailability: store.availability,
      }),
    },
  };
}

const CONSENTED = { cookie_consent_accepted: "true" };

test.describe("store update", () => {
  for (const [language, catalog] of [
    ["en", en],
    ["de", de],
  ] as const) {
    test(`[${language}] an update in the store blocks the app with a dialog that leads only to the store`, async ({
      page,
      baseURL,
    }) => {
      const store: Store = { availability: UPDATE_AVAILABLE };
      const app = await nativeApp(page, required(baseURL, "baseURL"), {
        preferences: { language, ...CONSENTED },
        plugins: storeAnswering(store),
      });
      await app.open("/");
      await expect(page).toHaveURL(`${NATIVE_APP_ORIGIN}/${language}/home`);

      const dialog = page.getByRole("alertdialog", { name: catalog.native.update.title });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(catalog.native.update.body);
      const download = dialog.getByRole("button", { name: catalog.native.update.download });
      await expect(download).toBeVisible();
      // Its only button: no cancel, no close.
      await expect(dialog.getByRole("button")).toHaveCount(1);
      await waitForStableApp(page);

      // Neither Escape nor Android's back button closes it, and the page behind stays where it is.
      await page.keyboard.press("Escape");
      await expect(dialog).toBeVisible();
      await app.pressBack();
      await app.pressBack();
      await expect(dialog).toBeVisible();
      await expect(page).toHaveURL(`${NATIVE_APP_ORIGIN}/${language}/home`);
      expect(callsOf(app, "App", "minimizeApp")).toHaveLength(0);
      // The page behind cannot be reached: the dialog is modal.
      await expect(page.getByRole("heading", { level: 1, name: catalog.home.title })).toBeHidden();

      await download.click();
      await expect.poll(() => callsOf(app, "AppUpdate", "openAppStore").length).toBe(1);
      // Back from the store, the update is still due: the dialog stays.
      await expect(dialog).toBeVisible();
    });
  }

  test("without an update the app is usable; an update found when the app comes back to the front blocks it", async ({
    page,
    baseURL,
  }) => {
    const store: Store = { availability: UPDATE_NOT_AVAILABLE };
    const app = await nativeApp(page, required(baseURL, "baseURL"), {
      preferences: { language: "en", ...CONSENTED },
      plugins: storeAnswering(store),
    });
    await app.open("/");
    await expect(page.getByRole("heading", { level: 1, name: en.home.title })).toBeVisible();
    await waitForStableApp(page);
    // The store was asked at start, and said no.
    await expect.poll(() => callsOf(app, "AppUpdate", "getAppUpdateInfo").length).toBe(1);
    const dialog = page.getByRole("alertdialog", { name: en.native.update.title });
    await expect(dialog).toHaveCount(0);

    // The app goes to the background and comes back (Android's `resume`) after the store got a new version.
    store.availability = UPDATE_AVAILABLE;
    await emitWhenListening(app, "App", "resume", {});
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(en.native.update.body);
    expect(callsOf(app, "AppUpdate", "getAppUpdateInfo")).toHaveLength(2);
  });
});

test("the status bar gets dark text for the app's light theme at start", async ({ page, baseURL }) => {
  const app = await nativeApp(page, required(baseURL, "baseURL"), {
    preferences: { language: "en", ...CONSENTED },
  });
  await app.open("/");
  await expect(page.getByRole("heading", { level: 1, name: en.home.title })).toBeVisible();
  // The page's own scheme is light (app.css), which @capacitor/status-bar calls Style.Light: dark text.
  await expect(page.locator("html")).toHaveCSS("color-scheme", "light");
  await expect
    .poll(() => callsOf(app, "StatusBar", "setStyle").map((call) => call.options))
    .toEqual([{ style: "LIGHT" }]);
});

/** The places the home page features, as the API lists them to anyone. */
async function firstFeaturedPlace(request: APIRequestContext): Promise<string> {
  const featured = (await (
    await request.get("/v1c/locations?sort=-rating,-review_count&page[size]=6")
  ).json()) as CollectionDocument<LocationResource>;
  return required(featured.data[0], "a featured place").attributes.name;
}

test("Android's back button closes the side menu first, then goes back a page, and on the first page sends the app to the background", async ({
  page,
  baseURL,
  request,
}) => {
  const app = await nativeApp(page, required(baseURL, "baseURL"), {
    preferences: { language: "en", ...CONSENTED },
  });
  await app.open("/");
  const home = page.getByRole("heading", { level: 1, name: en.home.title });
  await expect(home).toBeVisible();
  await waitForStableApp(page);
  await expect.poll(() => app.listensTo("App", "backButton")).toBe(true);

  // Home to a place's page.
  const name = await firstFeaturedPlace(request);
  await page.getByRole("region", { name: en.home.featured }).getByRole("link", { name, exact: true }).first().click();
  const place = page.getByRole("heading", { level: 1, name });
  await expect(place).toBeVisible();
  await expect(page).toHaveURL(/\/en\/location\//);
  const placeUrl = page.url();

  // The side menu is in front: back closes it, and the page stays.
  const menu = await openMenu(page);
  await app.pressBack();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(placeUrl);
  await expect(place).toBeVisible();

  // Back a page: home.
  await app.pressBack();
  await expect(page).toHaveURL(`${NATIVE_APP_ORIGIN}/en/home`);
  await expect(home).toBeVisible();
  expect(callsOf(app, "App", "minimizeApp")).toHaveLength(0);

  // The first page: the app goes to the background (Android 12's way), it does not leave the page.
  expect(await app.canGoBack()).toBe(false);
  await app.pressBack();
  await expect.poll(() => callsOf(app, "App", "minimizeApp").length).toBe(1);
  await expect(page).toHaveURL(`${NATIVE_APP_ORIGIN}/en/home`);
  await expect(home).toBeVisible();
  expect(callsOf(app, "App", "exitApp")).toHaveLength(0);
});

test.describe("side menu", () => {
  const legal = [en.menu.terms, en.menu.privacy, en.menu.cookies];

  test("in the app it has the terms and policies and no app download, and no download banner ever shows", async ({
    page,
    baseURL,
  }) => {
    // The banner's clock: it would show 7 s (DOWNLOAD_BANNER_DELAY_MS, spec section 9) after load to a phone's
    // browser whose visitor answered the cookie notice, as this device has.
    await page.clock.install();
    const app = await nativeApp(page, required(baseURL, "baseURL"), {
      preferences: { language: "en", ...CONSENTED },
    });
    await app.open("/en/search");
    await expect(page.getByRole("heading", { level: 1, name: en.search.title })).toBeVisible();
    await waitForStableApp(page);
    const menu = await openMenu(page);
    for (const label of legal) await expect(menu.getByRole("link", { name: label, exact: true })).toBeVisible();
    await expect(menu.getByRole("link", { name: en.menu.terms, exact: true })).toHaveAttribute(
      "href",
      "/en/pages/terms",
    );
    await expect(menu.getByRole("link", { name: en.menu.downloadApp })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();

    // Well past the banner's delay: still no banner.
    await page.clock.fastForward(10_000);
    await expect(page.getByRole("heading", { level: 1, name: en.search.title })).toBeVisible();
    await expect(page.getByRole("complementary", { name: en.downloadBanner.label })).toHaveCount(0);
  });

  test("on the web it offers the app and leaves the terms and policies to the footer", async ({ page }) => {
    await page.goto("/en/search");
    await expect(page.getByRole("heading", { level: 1, name: en.search.title })).toBeVisible();
    const menu = await openMenu(page);
    await expect(menu.getByRole("link", { name: en.menu.downloadApp, exact: true })).toHaveAttribute(
      "href",
      "/en/download-application",
    );
    for (const label of legal) await expect(menu.getByRole("link", { name: label, exact: true })).toHaveCount(0);
  });
});

function userTokenResponse(page: Page) {
  return page.waitForResponse(
    (response) => response.url().endsWith("/auth/user-token") && response.request().method() === "POST",
  );
}

test("push: a signed-in app registers its device token with the API, shows a push in front and opens a tapped one", async ({
  page,
  baseURL,
  request,
}) => {
  const client = await signedUpAppClient(request);
  const app = await nativeApp(page, required(baseURL, "baseURL"), {
    preferences: { language: "en", ...CONSENTED },
    secureStorage: client.secureStorage,
    // The client allowed notifications earlier: the app registers again at start, as the plugin expects.
    plugins: { PushNotifications: { checkPermissions: () => ({ receive: "granted" }) } },
  });
  const saved = userTokenResponse(page);
  await app.open("/");
  await expect(page.getByRole("heading", { level: 1, name: en.home.title })).toBeVisible();

  // Signed in with the kept session: the side menu has the client.
  await waitForStableApp(page);
  const menu = await openMenu(page);
  await expect(menu.getByText("Mila Petrova")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();

  // The plugin registers with FCM; its token comes as the `registration` event.
  await expect.poll(() => callsOf(app, "PushNotifications", "register").length).toBe(1);
  const fcmToken = `fcm-${randomUUID()}:APA91b${randomUUID().replaceAll("-", "")}`;
  await emitWhenListening(app, "PushNotifications", "registration", { value: fcmToken });
  const response = await saved;
  expect(response.status(), await response.text()).toBe(201);
  expect(response.request().postDataJSON()).toEqual({ provider: "fcm", token: fcmToken, platforms: ["android"] });
  expect(await response.request().headerValue("authorization")).toMatch(/^Bearer /);
  const kept = (await response.json()) as { data: { attributes: { provider: string; platforms: string[] } } };
  expect(kept.data.attributes).toMatchObject({ provider: "fcm", platforms: ["android"] });
  // The API keeps it for this client: the same token again is known (200), not new.
  const again = await request.post("/auth/user-token", {
    headers: { authorization: client.authorization },
    data: { provider: "fcm", token: fcmToken, platforms: ["android"] },
  });
  expect(again.status(), await again.text()).toBe(200);

  // A push while the app is in front: the info toast with its title and body.
  await emitWhenListening(app, "PushNotifications", "pushNotificationReceived", {
    id: "1",
    title: "Appointment confirmed",
    body: "See you on Friday at 10:00",
    data: { action_url: "/search" },
  });
  const shown = toast(page, "Appointment confirmed");
  await expect(shown).toBeVisible();
  await expect(shown).toContainText("See you on Friday at 10:00");

  // A tapped notification opens its action URL in the app's language.
  await emitWhenListening(app, "PushNotifications", "pushNotificationActionPerformed", {
    actionId: "tap",
    notification: { id: "2", title: "New places", body: "Manicures near you", data: { action_url: "/search?q=nails" } },
  });
  await expect(page).toHaveURL(`${NATIVE_APP_ORIGIN}/en/search?q=nails`);
  await expect(page.getByRole("heading", { level: 1, name: en.search.title })).toBeVisible();

  // One without an action URL opens home.
  await app.emit("PushNotifications", "pushNotificationActionPerformed", {
    actionId: "tap",
    notification: { id: "3", title: "Termin", body: "Hello", data: {} },
  });
  await expect(page).toHaveURL(`${NATIVE_APP_ORIGIN}/en/home`);
  await expect(page.getByRole("heading", { level: 1, name: en.home.title })).toBeVisible();
});

test("push: a visitor's app never registers a token, and nothing reaches the API", async ({ page, baseURL }) => {
  const app = await nativeApp(page, required(baseURL, "baseURL"), {
    preferences: { language: "en", ...CONSENTED },
    plugins: { PushNotifications: { checkPermissions: () => ({ receive: "granted" }) } },
  });
  const posted: string[] = [];
  page.on("request", (sent) => {
    if (sent.url().endsWith("/auth/user-token")) posted.push(sent.method());
  });
  await app.open("/");
  await expect(page.getByRole("heading", { level: 1, name: en.home.title })).toBeVisible();
  await waitForStableApp(page);
  const menu = await openMenu(page);
  await expect(menu.getByRole("link", { name: en.menu.signIn, exact: true })).toBeVisible();
  // The app listens to pushes (a visitor may still get a tapped one) but registers nothing without a client.
  await expect.poll(() => app.listensTo("PushNotifications", "pushNotificationReceived")).toBe(true);
  expect(callsOf(app, "PushNotifications", "register")).toHaveLength(0);
  expect(posted).toEqual([]);
});
