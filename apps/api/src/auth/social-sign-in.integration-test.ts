import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { clients } from "@termin/db/account-schema";
import type { ClientResource } from "@termin/contracts/client-resources";
import type { SingleDocument } from "@termin/contracts/jsonapi";
import {
  TEST_CLIENT,
  TEST_USER,
  startOidcTestProvider,
  type OidcTestProvider,
  type TestAccount,
} from "../../../../test/oidc-test-provider.ts";
import {
  CookieJar,
  createAuthorizationRequest,
  providerIdToken,
  visitProvider,
  type AuthorizationRequest,
} from "../../../../test/oidc-provider-browser.ts";
import { addOAuthClient } from "../oauth/oauth-client-registry.ts";
import { readJson, startTestApi, type TestApi } from "../testing/start-test-api.ts";
import { createTestClient } from "../testing/test-clients.ts";
import { errorsOf, tokensOf } from "./auth-test-helpers.ts";

const REDIRECT_URI = "http://localhost:3999/auth/google/callback";

const account = (name: string, fields: Partial<TestAccount> = {}): TestAccount => ({
  sub: `sub-${name}`,
  email: `${name}@example.test`,
  email_verified: true,
  given_name: name,
  family_name: "Tester",
  ...fields,
});
const ACCOUNTS = {
  gina: TEST_USER,
  linked: account("linked"),
  unconfirmedHere: account("unconfirmed-here"),
  unverified: account("unverified", { email_verified: false }),
  unverifiedTaken: account("unverified-taken", { email_verified: false }),
  french: account("french", { locale: "fr-CA" }),
  deleted: account("deleted"),
  twoTabs: account("two-tabs"),
  nonce: account("nonce"),
  phone: account("phone"),
};

let provider: OidcTestProvider;
let api: TestApi;
beforeAll(async () => {
  provider = await startOidcTestProvider({ port: 0, redirectUris: [REDIRECT_URI], accounts: Object.values(ACCOUNTS) });
  api = await startTestApi({
    env: {
      GOOGLE_CLIENT_ID: TEST_CLIENT.clientId,
      GOOGLE_CLIENT_SECRET: TEST_CLIENT.clientSecret,
      GOOGLE_ISSUER_URL: provider.issuer,
    },
  });
});
afterAll(async () => {
  await api.close();
  await provider.close();
});

/** The authorization request as the web server makes it, answered at the provider's login form. */
async function authorize(who: TestAccount, jar?: CookieJar) {
  const request = await createAuthorizationRequest({
    issuer: provider.issuer,
    clientId: TEST_CLIENT.clientId,
    redirectUri: REDIRECT_URI,
  });
  const visit = await visitProvider(request, { email: who.email }, jar);
  expect(visit.callback.searchParams.get("state")).toBe(request.state);
  const code = visit.callback.searchParams.get("code");
  if (!code) throw new Error(`The provider sent no code: ${visit.callback.href}`);
  return { request, visit, code, iss: visit.callback.searchParams.get("iss") ?? undefined };
}

/** Our own native app (first party, as `termin-app` is), or a partner's app with `firstParty` false. */
async function registerApp(on: TestApi, firstParty = true): Promise<string> {
  const id = `app-${randomUUID().slice(0, 8)}`;
  await addOAuthClient(on.database.db, {
    id,
    name: firstParty ? "Termin app" : "Partner app",
    type: "public",
    redirectUris: ["app.termin:/oauth/callback"],
    firstParty,
    scopes: ["profile", "appointments"],
  });
  return id;
}

function postSocial(body: Record<string, unknown>, headers: Record<string, string> = {}, base = api.baseUrl) {
  return fetch(`${base}/auth/social`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

const exchange = (
  request: AuthorizationRequest,
  code: string,
  iss: string | undefined,
  overrides: Record<string, string> = {},
  headers: Record<string, string> = {},
) =>
  postSocial(
    {
      provider: "google",
      code,
      code_verifier: request.codeVerifier,
      redirect_uri: request.redirectUri,
      nonce: request.nonce,
      iss,
      ...overrides,
    },
    headers,
  );

async function signIn(who: TestAccount, headers: Record<string, string> = {}) {
  const { request, code, iss } = await authorize(who);
  return exchange(request, code, iss, {}, headers);
}

async function me(accessToken: string) {
  const response = await fetch(`${api.baseUrl}/v1c/clients/me`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(response.status).toBe(200);
  return (await readJson<SingleDocument<ClientResource>>(response)).data;
}

describe("POST /auth/social with a real OpenID Connect provider", () => {
  it("creates an account without a password from the ID token's claims, in the caller's language", async () => {
    const tokens = await tokensOf(await signIn(TEST_USER, { "accept-language": "de;q=0.9,en;q=0.8" }));
    const client = await me(tokens.access_token);
    expect(client.attributes).toMatchObject({
      first_name: "Gina",
      last_name: "Google",
      email: TEST_USER.email,
      email_verified: true,
      has_password: false,
    });
    expect(client.relationships?.language?.data).toEqual({ type: "languages", id: "de" });
    // The refresh token is a real one too.
    const renewed = await fetch(`${api.baseUrl}/auth/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ grant_type: "refresh_token", refresh_token: tokens.refresh_token }),
    });
    await tokensOf(renewed);
  });

  it("signs the same provider account in to the same client again, and the provider asks every time", async () => {
    const jar = new CookieJar();
    const first = await authorize(ACCOUNTS.gina, jar);
    const firstClient = await me((await tokensOf(await exchange(first.request, first.code, first.iss))).access_token);
    // The provider has a session now (same cookies): only prompt=select_account makes it show the form again.
    const second = await authorize(ACCOUNTS.gina, jar);
    expect(second.visit.heading).toBe("Choose an account");
    const secondClient = await me(
      (await tokensOf(await exchange(second.request, second.code, second.iss))).access_token,
    );
    expect(secondClient.id).toBe(firstClient.id);
  });

  it("takes the language from the locale claim when the caller names none we have", async () => {
    const tokens = await tokensOf(await signIn(ACCOUNTS.french, { "accept-language": "ja" }));
    expect((await me(tokens.access_token)).relationships?.language?.data).toEqual({ type: "languages", id: "fr" });
  });

  it("links to the account with the same e-mail when the provider and we have both verified it", async () => {
    const existing = await createTestClient(api.database.db, { email: ACCOUNTS.linked.email, firstName: "Lin" });
    const client = await me((await tokensOf(await signIn(ACCOUNTS.linked))).access_token);
    expect(client.id).toBe(existing.id);
    expect(client.attributes).toMatchObject({ first_name: "Lin", has_password: true });
  });

  it("does not link when either side has not verified the address", async () => {
    await createTestClient(api.database.db, { email: ACCOUNTS.unconfirmedHere.email, emailVerifiedAt: null });
    const [unconfirmed] = await errorsOf(await signIn(ACCOUNTS.unconfirmedHere), 409);
    expect(unconfirmed).toMatchObject({ code: "conflict" });
    await createTestClient(api.database.db, { email: ACCOUNTS.unverifiedTaken.email });
    const [unverified] = await errorsOf(await signIn(ACCOUNTS.unverifiedTaken), 409);
    expect(unverified).toMatchObject({ code: "conflict" });
  });

  it("creates an unverified account from an unverified address", async () => {
    const client = await me((await tokensOf(await signIn(ACCOUNTS.unverified))).access_token);
    expect(client.attributes).toMatchObject({ email: ACCOUNTS.unverified.email, email_verified: false });
  });

  it("gives two simultaneous first sign-ins of one person one account", async () => {
    const [one, two] = await Promise.all([authorize(ACCOUNTS.twoTabs), authorize(ACCOUNTS.twoTabs)]);
    const responses = await Promise.all([
      exchange(one.request, one.code, one.iss),
      exchange(two.request, two.code, two.iss),
    ]);
    const ids = await Promise.all(
      responses.map(async (response) => (await me((await tokensOf(response)).access_token)).id),
    );
    expect(ids[0]).toBe(ids[1]);
  });

  it("refuses the sign-in of a deleted account", async () => {
    const client = await me((await tokensOf(await signIn(ACCOUNTS.deleted))).access_token);
    await api.database.db.update(clients).set({ deletedAt: new Date() }).where(eq(clients.id, client.id));
    const [error] = await errorsOf(await signIn(ACCOUNTS.deleted), 400);
    expect(error).toMatchObject({ code: "account_deleted" });
  });

  it("rejects a wrong nonce, a wrong PKCE verifier and a code used twice, saying why", async () => {
    const wrongNonce = await authorize(ACCOUNTS.nonce);
    const [nonce] = await errorsOf(
      await exchange(wrongNonce.request, wrongNonce.code, wrongNonce.iss, { nonce: "x" }),
      400,
    );
    expect(nonce).toMatchObject({ code: "social_login_failed", detail: expect.stringMatching(/nonce/) });

    const wrongVerifier = await authorize(ACCOUNTS.nonce);
    const verifier = "a".repeat(43);
    const [pkce] = await errorsOf(
      await exchange(wrongVerifier.request, wrongVerifier.code, wrongVerifier.iss, { code_verifier: verifier }),
      400,
    );
    expect(pkce).toMatchObject({ code: "social_login_failed", detail: expect.stringMatching(/invalid_grant/) });

    const once = await authorize(ACCOUNTS.nonce);
    await tokensOf(await exchange(once.request, once.code, once.iss));
    const [reused] = await errorsOf(await exchange(once.request, once.code, once.iss), 400);
    expect(reused).toMatchObject({ code: "social_login_failed", detail: expect.stringMatching(/invalid_grant/) });
  });

  it("rejects an authorization response from another issuer", async () => {
    const { request, code } = await authorize(ACCOUNTS.nonce);
    const [error] = await errorsOf(await exchange(request, code, "https://accounts.example"), 400);
    expect(error).toMatchObject({ code: "social_login_failed", detail: expect.stringMatching(/iss/) });
  });

  it("signs a native app's Google sign-in in with the provider's ID token, bound to that app", async () => {
    const appId = await registerApp(api);
    const { request, visit } = await authorize(ACCOUNTS.phone);
    const idToken = await providerIdToken(provider.issuer, TEST_CLIENT, request, visit);
    const native = (fields: Record<string, string> = {}) =>
      postSocial({ provider: "google", id_token: idToken, nonce: request.nonce, client_id: appId, ...fields });

    const tokens = await tokensOf(await native());
    expect((await me(tokens.access_token)).attributes).toMatchObject({
      email: ACCOUNTS.phone.email,
      has_password: false,
    });
    // Bound to the app: renewed for it only.
    const renew = (clientId?: string) =>
      fetch(`${api.baseUrl}/auth/token`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          grant_type: "refresh_token",
          refresh_token: tokens.refresh_token,
          ...(clientId ? { client_id: clientId } : {}),
        }),
      });
    expect((await readJson<{ error: string }>(await renew())).error).toBe("invalid_grant");
    await tokensOf(await renew(appId));

    // The token proves nothing for another sign-in's nonce, when altered, or for a partner's or an unknown app.
    const [nonce] = await errorsOf(await native({ nonce: "someone-else's" }), 400);
    expect(nonce).toMatchObject({ code: "social_login_failed", detail: expect.stringMatching(/nonce/) });
    const [forged] = await errorsOf(await native({ id_token: `${idToken.slice(0, -6)}AAAAAA` }), 400);
    expect(forged).toMatchObject({ code: "social_login_failed", detail: expect.stringMatching(/signature/) });
    const partner = await registerApp(api, false);
    const [third] = await errorsOf(await native({ client_id: partner }), 400);
    expect(third).toMatchObject({ code: "unauthorized_client", source: { pointer: "/client_id" } });
    const [unknown] = await errorsOf(await native({ client_id: "nobody" }), 401);
    expect(unknown).toMatchObject({ code: "invalid_client" });
  });

  it("refuses an ID token made for another server's Google client", async () => {
    const other = await startTestApi({
      env: { GOOGLE_CLIENT_ID: "another-server", GOOGLE_CLIENT_SECRET: "secret", GOOGLE_ISSUER_URL: provider.issuer },
    });
    try {
      const appId = await registerApp(other);
      const { request, visit } = await authorize(ACCOUNTS.phone);
      const idToken = await providerIdToken(provider.issuer, TEST_CLIENT, request, visit);
      const body = { provider: "google", id_token: idToken, nonce: request.nonce, client_id: appId };
      const [error] = await errorsOf(await postSocial(body, {}, other.baseUrl), 400);
      expect(error).toMatchObject({ code: "social_login_failed", detail: expect.stringMatching(/aud/) });
    } finally {
      await other.close();
    }
  });

  it("names every missing or bad field", async () => {
    const errors = await errorsOf(await postSocial({ provider: "facebook", redirect_uri: "javascript:x" }), 422);
    expect(errors.map((error) => error.source?.pointer)).toEqual([
      "/provider",
      "/code",
      "/code_verifier",
      "/redirect_uri",
      "/nonce",
    ]);
  });

  it("is described in the OpenAPI document", async () => {
    const { paths } = await readJson<{ paths: Record<string, Record<string, { requestBody?: unknown }>> }>(
      await fetch(`${api.baseUrl}/v1c/openapi.json`),
    );
    expect(paths["/auth/social"]?.post?.requestBody).toBeDefined();
  });

  it("answers 404 when social login is not configured", async () => {
    const plain = await startTestApi();
    try {
      const [error] = await errorsOf(await postSocial({ provider: "google" }, {}, plain.baseUrl), 404);
      expect(error).toMatchObject({ code: "not_found" });
    } finally {
      await plain.close();
    }
  });
});
