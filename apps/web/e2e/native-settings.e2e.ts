import { expect, required, test, toast, waitForStableApp } from "./fixtures.ts";
import { callsOf, NATIVE_APP_ORIGIN, nativeApp, signedUpAppClient } from "./native-app.ts";
import de from "../app/i18n/locales/de.json" with { type: "json" };
import en from "../app/i18n/locales/en.json" with { type: "json" };

// The native app is a phone's: its shell at a phone's width, touch on.
test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

test("a signed-in app client renames themselves and switches to German; password and data lead to the website", async ({
  page,
  baseURL,
  request,
}) => {
  const api = required(baseURL, "baseURL");
  const client = await signedUpAppClient(request);
  const app = await nativeApp(page, api, {
    preferences: { language: "en", cookie_consent_accepted: "true" },
    secureStorage: client.secureStorage,
  });
  await app.open("/en/settings");
  await expect(page.getByRole("heading", { level: 1, name: en.settings.title })).toBeVisible();
  await waitForStableApp(page);

  // A new name: written to the API with the app's token, and shown from what it now holds.
  await page.getByLabel(en.account.firstName, { exact: true }).fill("Vesna");
  await page.getByRole("button", { name: en.settings.save }).click();
  await expect(toast(page, en.settings.saved)).toBeVisible();
  await expect(page.getByText("Vesna Petrova", { exact: true })).toBeVisible();
  const me = await request.get("/v1c/clients/me", { headers: { authorization: client.authorization } });
  expect(((await me.json()) as { data: { attributes: { first_name: string } } }).data.attributes.first_name).toBe(
    "Vesna",
  );

  // German: kept as the app's choice, and the app starts again in it, on the same page.
  await page.getByRole("combobox", { name: en.settings.language, exact: true }).selectOption("de");
  await page.getByRole("button", { name: en.settings.save }).click();
  await expect(page).toHaveURL(`${NATIVE_APP_ORIGIN}/de/settings`);
  await expect(page.getByRole("heading", { level: 1, name: de.settings.title })).toBeVisible();
  await expect(toast(page, de.settings.saved)).toBeVisible();
  expect(app.preferences.get("language")).toBe("de");
  await expect(page.getByLabel(de.account.firstName, { exact: true })).toHaveValue("Vesna");

  // The app's sign-in may not change the password or delete the account (no `account` scope): no form that the
  // API would refuse, but why, and the website's settings page in the system browser.
  const website = `${api}/de/settings`;
  const password = page.getByRole("region", { name: de.settings.password.title });
  await expect(password.getByText(de.settings.website.password)).toBeVisible();
  await expect(password.getByRole("textbox")).toHaveCount(0);
  await password.getByRole("link", { name: de.settings.website.open }).click();
  await expect.poll(() => callsOf(app, "Browser", "open").map((call) => call.options["url"])).toEqual([website]);

  // The data too: the download is the website's (its session cookie), and so is deleting the account.
  const data = page.getByRole("region", { name: de.settings.data.title });
  await expect(data.getByText(de.settings.website.data)).toBeVisible();
  await expect(data.getByRole("link", { name: de.settings.data.download })).toHaveCount(0);
  await expect(data.getByRole("button", { name: de.settings.delete.button })).toHaveCount(0);
  await data.getByRole("link", { name: de.settings.website.open }).click();
  await expect
    .poll(() => callsOf(app, "Browser", "open").map((call) => call.options["url"]))
    .toEqual([website, website]);
  // The browser opened beside the app: the app stays on its page.
  await expect(page).toHaveURL(`${NATIVE_APP_ORIGIN}/de/settings`);
  expect(page.context().pages()).toHaveLength(1);
});
