import { randomUUID } from "node:crypto";
import type { APIRequestContext, Browser } from "@playwright/test";
import { createAuthorizationRequest, providerIdToken, visitProvider } from "../../../test/oidc-provider-browser.ts";
import { E2E_OIDC_ISSUER, TEST_CLIENT, TEST_USER } from "../../../test/oidc-test-provider.ts";
import { expect, openMenu, required, test, toast, waitForStableApp } from "./fixtures.ts";
import { TEST_PASSWORD } from "./account-fixtures.ts";
import { callsOf, emitWhenListening, NATIVE_APP_ORIGIN, nativeApp, type NativeApp } from "./native-app.ts";
import bg from "../app/i18n/locales/bg.json" with { type: "json" };
import de from "../app/i18n/locales/de.json" with { type: "json" };
import en from "../app/i18n/locales/en.json" with { type: "json" };

// The native app is a phone's: its shell at a phone's width, touch on.
test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

const SESSION_KEY = "capacitor-storage_session";

/** A new client, made through the API: what they type into the sign-in page. */
async function newClient(request: APIRequestContext) {
  const email = `e2e-app-${randomUUID()}@example.test`;
  const response = await request.post("/auth/sign-up", {
    data: { email, password: TEST_PASSWORD, first_name: "Nia", last_name: "Stoeva", language: "en" },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { email, password: TEST_PASSWORD, name: "Nia Stoeva" };
}

/**
 * The system browser the app opened (Custom Tabs: the phone's browser, sharing nothing with the app's web view):
 * a new browser context at the address the app asked the Browser plugin to open.
 */
async function systemBrowser(browser: Browser, app: NativeApp, baseURL: string) {
  await expect.poll(() => callsOf(app, "Browser", "open").length).toBe(1);
  const address = String(callsOf(app, "Browser", "open")[0]?.options["url"]);
  expect(address.startsWith(`${baseURL}/auth/authorize?`), address).toBe(true);
  const context = await browser.newContext({ baseURL, locale: "en-GB" });
  const tab = await context.newPage();
  await tab.goto(address);
  return { address: new URL(address), tab, close: () => context.close() };
}

test("a client signs in from the app in the system browser and lands on the page that asked, then logs out", async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const api = required(baseURL, "baseURL");
  const client = await newClient(request);
  const app = await nativeApp(page, api, { preferences: { language: "en", cookie_consent_accepted: "true" } });

  // A page only a client has sends the visitor to the app's sign-in page, which types nothing itself.
  await app.open("/en/appointments");
  await expect(page).toHaveURL(`${NATIVE_APP_ORIGIN}/en/sign-in?redirectTo=%2Fen%2Fappointments`);
  await expect(page.getByRole("heading", { level: 1, name: en.signIn.title })).toBeVisible();
  await expect(page.getByText(en.appSignIn.lead)).toBeVisible();
  await expect(page).toHaveTitle(`${en.signIn.title} · Termin`);
  await expect(page.getByRole("textbox")).toHaveCount(0);
  await waitForStableApp(page);
  await page.getByRole("button", { name: en.signIn.submit, exact: true }).click();

  // The product's own sign-in page in the browser, as the app's OAuth client with PKCE.
  const browserTab = await systemBrowser(browser, app, api);
  const asked = Object.fromEntries(browserTab.address.searchParams);
  expect(asked).toMatchObject({ client_id: "termin-app", redirect_uri: "app.termin:/oauth/callback" });
  expect(asked["code_challenge_method"]).toBe("S256");
  const { tab } = browserTab;
  await expect(tab.getByRole("heading", { level: 1, name: en.signIn.title })).toBeVisible();
  await tab.getByLabel(en.account.email).fill(client.email);
  await tab.getByLabel(en.account.password).fill(client.password);
  await tab.getByRole("button", { name: en.signIn.submit, exact: true }).click();
  // Our own app skips the consent question; the browser is sent back to the app's scheme with a code.
  const wayBack = tab.getByRole("link", { name: en.oauth.continueLink });
  await expect(wayBack).toBeVisible();
  const callback = required(await wayBack.getAttribute("href"), "the way back");
  expect(callback).toMatch(/^app\.termin:\/oauth\/callback\?code=/);
  await browserTab.close();

  // The phone opens the app with that address; the app spends the code and keeps the tokens.
  const exchange = page.waitForResponse((response) => response.url() === `${api}/auth/token`);
  await emitWhenListening(app, "App", "appUrlOpen", { url: callback });
  const tokenResponse = await exchange;
  expect(tokenResponse.status(), await tokenResponse.text()).toBe(200);
  expect(new URLSearchParams(tokenResponse.request().postData() ?? "").get("code_verifier")).toMatch(/^[\w-]{43}$/);
  await expect(page).toHaveURL(`${NATIVE_APP_ORIGIN}/en/appointments`);
  await expect(page.getByRole("heading", { level: 1, name: en.appointments.title })).toBeVisible();
  expect(callsOf(app, "Browser", "close").length).toBe(1);
  const kept = JSON.parse(required(app.secureStorage.get(SESSION_KEY), "the kept sign-in")) as {
    accessToken: string;
    refreshToken: string;
  };
  const me = await request.get("/v1c/clients/me", { headers: { authorization: `Bearer ${kept.accessToken}` } });
  expect(((await me.json()) as { data: { attributes: { email: string } } }).data.attributes.email).toBe(client.email);

  // Back on the app's history, the sign-in page is not there: it was replaced by the page that asked.
  await waitForStableApp(page);
  let menu = await openMenu(page);
  await expect(menu.getByText(client.name)).toBeVisible();
  await menu.getByRole("button", { name: en.menu.logout }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: en.logout.confirm }).click();

  // Logged out: the app is a visitor's, the device keeps no token, and the API no longer renews that sign-in.
  await expect(page).toHaveURL(`${NATIVE_APP_ORIGIN}/en/home`);
  await expect.poll(() => app.secureStorage.has(SESSION_KEY)).toBe(false);
  menu = await openMenu(page);
  await expect(menu.getByRole("link", { name: en.menu.signIn, exact: true })).toBeVisible();
  const renewal = await request.post("/auth/token", {
    form: { grant_type: "refresh_token", refresh_token: kept.refreshToken, client_id: "termin-app" },
  });
  expect(renewal.status()).toBe(400);
  expect(((await renewal.json()) as { error: string }).error).toBe("invalid_grant");
});

test("[de] 'Create an account' opens the sign-up page in the browser; a way back the app did not start is refused", async ({
  page,
  browser,
  baseURL,
}) => {
  const api = required(baseURL, "baseURL");
  const app = await nativeApp(page, api, { preferences: { language: "de", cookie_consent_accepted: "true" } });
  await app.open("/de/sign-in");
  await expect(page.getByRole("heading", { level: 1, name: de.signIn.title })).toBeVisible();
  await waitForStableApp(page);
  await page.getByRole("link", { name: de.signUp.title }).click();
  await expect(page).toHaveURL(`${NATIVE_APP_ORIGIN}/de/sign-up`);
  await expect(page.getByRole("heading", { level: 1, name: de.signUp.title })).toBeVisible();
  await expect(page.getByText(de.appSignIn.lead)).toBeVisible();
  await page.getByRole("button", { name: de.signUp.submit, exact: true }).click();

  const { address, tab, close } = await systemBrowser(browser, app, api);
  expect(address.searchParams.get("prompt")).toBe("create");
  await expect(tab).toHaveURL(/\/sign-up\?redirectTo=%2Fauth%2Fauthorize/);
  await close();

  // Someone else's code (another state) never signs this app in: it stays a visitor's, told so.
  await emitWhenListening(app, "App", "appUrlOpen", {
    url: `app.termin:/oauth/callback?code=stolen&state=not-mine&iss=${encodeURIComponent(api)}`,
  });
  await expect(toast(page, de.appSignIn.failed)).toBeVisible();
  await expect(page).toHaveURL(`${NATIVE_APP_ORIGIN}/de/sign-up`);
  expect(app.secureStorage.has(SESSION_KEY)).toBe(false);
});

/**
 * The native half of @capgo/capacitor-social-login as a phone runs it: Google's sign-in sheet, where the person
 * picks `email`'s account, and the ID token Google gives the app for the server's client with the app's nonce.
 * Here "Google" is the suite's real OpenID Connect provider; the sheet is its login form.
 */
function googleOnThePhone(baseURL: string, email: string) {
  return {
    initialize: () => undefined,
    login: async (options: Record<string, unknown>) => {
      const { nonce } = options["options"] as { nonce: string };
      const request = await createAuthorizationRequest({
        issuer: E2E_OIDC_ISSUER,
        clientId: TEST_CLIENT.clientId,
        redirectUri: `${baseURL}/auth/google/callback`,
        nonce,
      });
      const visit = await visitProvider(request, { email });
      const idToken = await providerIdToken(E2E_OIDC_ISSUER, TEST_CLIENT, request, visit);
      const profile = { email, familyName: null, givenName: null, id: null, name: null, imageUrl: null };
      return { provider: "google", result: { responseType: "online", idToken, accessToken: null, profile } };
    },
  };
}

test("[bg] 'Continue with Google' signs in with the phone's own Google sign-in, never picking an account itself", async ({
  page,
  baseURL,
}) => {
  const api = required(baseURL, "baseURL");
  const app = await nativeApp(page, api, {
    preferences: { language: "bg", cookie_consent_accepted: "true" },
    plugins: { SocialLogin: googleOnThePhone(api, TEST_USER.email) },
  });
  await app.open("/bg/forms");
  await expect(page).toHaveURL(`${NATIVE_APP_ORIGIN}/bg/sign-in?redirectTo=%2Fbg%2Fforms`);
  await waitForStableApp(page);
  const signedIn = page.waitForResponse((response) => response.url() === `${api}/auth/social`);
  await page.getByRole("button", { name: bg.social.continueWithGoogle }).click();
  const response = await signedIn;
  expect(response.status(), await response.text()).toBe(200);
  // The ID token, the nonce the app chose, and the app's own client: the sign-in is the app's.
  const sent = response.request().postDataJSON() as Record<string, string>;
  expect(Object.keys(sent).sort()).toEqual(["client_id", "id_token", "nonce", "provider"]);
  expect(sent).toMatchObject({ provider: "google", client_id: "termin-app" });
  const login = callsOf(app, "SocialLogin", "login")[0]?.options as { options: Record<string, unknown> };
  expect(login.options).toMatchObject({ nonce: sent["nonce"], autoSelectEnabled: false });

  await expect(page).toHaveURL(`${NATIVE_APP_ORIGIN}/bg/forms`);
  await expect(page.getByRole("heading", { level: 1, name: bg.forms.title })).toBeVisible();
  expect(app.secureStorage.has(SESSION_KEY)).toBe(true);
  expect(callsOf(app, "Browser", "open")).toEqual([]);
});

test.describe("when Google's sign-in does not finish", () => {
  // The spec: social login errors are written to the console.
  test.use({ allowConsoleErrors: [/^Social login failed/] });

  test("closing Google's sheet leaves the sign-in page as it was; a failed sign-in says so", async ({
    page,
    baseURL,
  }) => {
    const consoleErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    const api = required(baseURL, "baseURL");
    let answer: "cancel" | "broken" = "cancel";
    const app = await nativeApp(page, api, {
      preferences: { language: "en", cookie_consent_accepted: "true" },
      plugins: {
        SocialLogin: {
          initialize: () => undefined,
          // As the plugin's Android half rejects: a closed sheet with its USER_CANCELLED code.
          login: () => {
            throw Object.assign(new Error(answer === "cancel" ? "User cancelled" : "No credentials available"), {
              code: answer === "cancel" ? "USER_CANCELLED" : "UNKNOWN",
            });
          },
        },
      },
    });
    await app.open("/en/sign-in");
    await waitForStableApp(page);
    const google = page.getByRole("button", { name: en.social.continueWithGoogle });
    await google.click();
    await expect.poll(() => callsOf(app, "SocialLogin", "login").length).toBe(1);
    await expect(page.getByRole("alert")).toHaveCount(0);
    answer = "broken";
    await google.click();
    await expect(page.getByRole("alert")).toHaveText(en.social.errors.failed);
    await expect(page).toHaveURL(`${NATIVE_APP_ORIGIN}/en/sign-in`);
    expect(app.secureStorage.has(SESSION_KEY)).toBe(false);
    expect(consoleErrors).toEqual([expect.stringMatching(/^Social login failed: .*No credentials available/)]);
  });
});
