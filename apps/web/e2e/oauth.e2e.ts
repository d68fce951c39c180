import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { TEST_PASSWORD } from "./account-fixtures.ts";
import {
  expect,
  expectNoAxeViolations,
  journeyTab,
  required,
  sidewaysOverflow,
  test,
  waitForStableApp,
} from "./fixtures.ts";
import { startPartnerSite, type PartnerSite } from "./oauth-partner.ts";

/**
 * A partner's app signs a Termin client in with the OAuth code flow and PKCE (decision 0036), in Chromium: the
 * partner's page on another origin sends the browser to /auth/authorize; the client signs in on our sign-in page,
 * allows the partner on the consent page, and the partner exchanges the code and reads /v1c/clients/me.
 */
let partner: PartnerSite;
let exchange = true;
test.beforeEach(async ({ baseURL }) => {
  exchange = true;
  partner = await startPartnerSite(required(baseURL, "the base URL"), { exchange: () => exchange });
});
test.afterEach(() => partner.close());

async function signUp(request: APIRequestContext) {
  const email = `e2e-oauth-${randomBytes(6).toString("hex")}@example.test`;
  const response = await request.post("/auth/sign-up", {
    data: { email, password: TEST_PASSWORD, first_name: "Vesela", last_name: "Petrova", language: "en" },
  });
  expect(response.status()).toBe(201);
  return email;
}

/** POST /auth/token from the partner's page (a browser app on the partner's origin): Chromium's own CORS checks. */
async function exchangeFromPartnerPage(page: Page, tokenEndpoint: string, fields: Record<string, string>) {
  expect(new URL(page.url()).origin).toBe(partner.origin);
  return page.evaluate(
    async ({ endpoint, body }) => {
      const answer = await fetch(endpoint, { method: "POST", body: new URLSearchParams(body) });
      const document = (await answer.json()) as { errors?: Array<{ code: string }> };
      return { status: answer.status, code: document.errors?.[0]?.code };
    },
    { endpoint: tokenEndpoint, body: fields },
  );
}

// The refusals answer 400: Chromium logs each as a failed resource.
test.use({ allowConsoleErrors: [/status of 400/] });

test("a partner's app signs a client in with the code flow, and a wrong verifier, a replayed code and an unregistered redirect are refused", async ({
  page,
  request,
  baseURL,
}) => {
  const baseOrigin = new URL(required(baseURL, "the base URL")).origin;
  const tokenEndpoint = `${baseOrigin}/auth/token`;
  const email = await signUp(request);

  await page.goto(partner.origin);
  await page.getByRole("link", { name: "Sign in with Termin" }).click();
  // Not signed in: our own sign-in page, then back to the authorize request.
  await expect(page).toHaveURL(/\/en\/sign-in\?redirectTo=%2Fauth%2Fauthorize/);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();

  await expect(page.getByRole("heading", { name: "Allow Demo Partner to use your account?" })).toBeVisible();
  await expect(page).toHaveTitle("Allow Demo Partner to use your account? · Termin");
  await expect(page.getByText(`You are signed in as ${email}.`)).toBeVisible();
  await expect(page.getByText("See free times, and book, move and cancel your appointments")).toBeVisible();
  await waitForStableApp(page);
  await expectNoAxeViolations(page);
  expect(await sidewaysOverflow(page)).toBe(0);
  // Nobody may frame the consent page (clickjacking).
  const headers = (await page.request.get(page.url())).headers();
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-frame-options"]).toBe("DENY");
  await page.getByRole("button", { name: "Allow" }).click();

  await expect(page).toHaveURL(new RegExp(`^${partner.origin}/callback\\?`));
  await expect(page.getByText("Welcome, Vesela Petrova")).toBeVisible();
  await expect(page.getByText("Scope: appointments profile")).toBeVisible();
  // The way back was taken once: a second arrival would replay the code and end the sign-in.
  expect(partner.callbacks).toHaveLength(1);
  const first = required(partner.callbacks[0], "the partner's callback");
  expect(new URL(page.url()).searchParams.get("state")).toBe(first.state);
  const tokens = required(first.tokens, "the partner's tokens");

  // A replayed code is refused, and the sign-in it gave ends.
  expect(
    await exchangeFromPartnerPage(page, tokenEndpoint, {
      grant_type: "authorization_code",
      code: first.code,
      redirect_uri: partner.redirectUri,
      client_id: "demo-partner",
      code_verifier: first.verifier,
    }),
  ).toEqual({ status: 400, code: "invalid_grant" });
  const me = await request.get("/v1c/clients/me", { headers: { authorization: `Bearer ${tokens.access_token}` } });
  expect(me.status()).toBe(401);

  // The consent is remembered: the next sign-in goes straight back with a code. A wrong verifier is refused.
  exchange = false;
  await page.goto(partner.origin);
  await page.getByRole("link", { name: "Sign in with Termin" }).click();
  await expect(page.getByRole("heading", { name: "Code received" })).toBeVisible();
  const second = required(partner.callbacks[1], "the second callback");
  expect(
    await exchangeFromPartnerPage(page, tokenEndpoint, {
      grant_type: "authorization_code",
      code: second.code,
      redirect_uri: partner.redirectUri,
      client_id: "demo-partner",
      code_verifier: randomBytes(32).toString("base64url"),
    }),
  ).toEqual({ status: 400, code: "invalid_grant" });

  // A redirect_uri the client did not register: an error page on our origin, never followed.
  const authorize = new URL("/auth/authorize", baseOrigin);
  authorize.search = new URLSearchParams({
    response_type: "code",
    client_id: "demo-partner",
    redirect_uri: `${partner.origin}/elsewhere`,
    code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    code_challenge_method: "S256",
    state: "s",
  }).toString();
  const refused = await page.goto(authorize.href);
  expect(refused?.status()).toBe(400);
  await expect(page.getByRole("heading", { name: "This sign-in link does not work" })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(baseOrigin);
  await expect(page).toHaveTitle("Sign in to an app · Termin");
  await waitForStableApp(page);
  await expectNoAxeViolations(page);
  expect(partner.requested).not.toContain("/elsewhere");
  // The way on is ours, not the app's.
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL(/\/en\/home$/);
});

test("a client who denies goes back with access_denied and the state; asked again, allows (without JavaScript at 320 px)", async ({
  browser,
  page,
  request,
  baseURL,
}, testInfo) => {
  const javaScript = testInfo.project.name !== "mobile-320";
  const { context, tab } = await journeyTab({ browser, page, baseURL }, javaScript);
  const email = await signUp(request);
  await tab.goto(partner.origin);
  await tab.getByRole("link", { name: "Sign in with Termin" }).click();
  await tab.getByLabel("E-mail").fill(email);
  await tab.getByLabel("Password").fill(TEST_PASSWORD);
  await tab.getByRole("button", { name: "Sign in" }).click();
  await tab.getByRole("button", { name: "Deny" }).click();
  await expect(tab).toHaveURL(new RegExp(`^${partner.origin}/callback\\?`));
  const answer = new URL(tab.url()).searchParams;
  expect(answer.get("error")).toBe("access_denied");
  expect(answer.get("state")).toMatch(/^[\w-]{16}$/);
  expect(partner.callbacks).toEqual([]);

  // A denial is not remembered: the next request asks again.
  await tab.goto(partner.origin);
  await tab.getByRole("link", { name: "Sign in with Termin" }).click();
  await tab.getByRole("button", { name: "Allow" }).click();
  await expect(tab.getByText("Welcome, Vesela Petrova")).toBeVisible();
  if (!javaScript) await context.close();
});
