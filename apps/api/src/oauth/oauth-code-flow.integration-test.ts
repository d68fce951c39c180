import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRequests, errorsOf, tokensOf } from "../auth/auth-test-helpers.ts";
import { readJson, startTestApi, type TestApi } from "../testing/start-test-api.ts";
import { createTestClient } from "../testing/test-clients.ts";
import { AUTHORIZATION_CODE_SECONDS, exchangeAuthorizationCode } from "./authorization-codes.ts";
import { addOAuthClient } from "./oauth-client-registry.ts";
import { findOAuthClient } from "./oauth-clients.ts";
import { authorizeSteps, pkcePair } from "./testing/code-flow.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const { post } = authRequests(() => api);
const db = () => api.database.db;

/** A partner's public client with loopback redirects, as the demo's demo-partner is. */
async function registerPartner(options: { firstParty?: boolean; scopes?: string[] } = {}) {
  const id = `partner-${randomUUID().slice(0, 8)}`;
  await addOAuthClient(db(), {
    id,
    name: "Salon Aurora App",
    type: "public",
    redirectUris: ["http://127.0.0.1/callback", "https://partner.example/oauth"],
    ...options,
  });
  return id;
}

const { authorize, outcomeOf, redirectedTo, codeFor } = authorizeSteps(() => api);

const exchange = (fields: Record<string, string>) => post("/token", { grant_type: "authorization_code", ...fields });

describe("the OAuth code flow", () => {
  it("publishes the discovery document with absolute URLs from the public origin", async () => {
    const response = await fetch(`${api.baseUrl}/.well-known/oauth-authorization-server`);
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const metadata = await readJson<Record<string, unknown>>(response);
    const origin = String(metadata.issuer);
    expect(metadata).toMatchObject({
      authorization_endpoint: `${origin}/auth/authorize`,
      token_endpoint: `${origin}/auth/token`,
      revocation_endpoint: `${origin}/auth/revoke`,
      code_challenge_methods_supported: ["S256"],
      response_types_supported: ["code"],
      scopes_supported: ["profile", "appointments"],
    });
    expect(metadata.grant_types_supported).toEqual(expect.arrayContaining(["authorization_code", "refresh_token"]));
    expect(new URL(origin).origin).toBe(origin);
  });

  it("lets a page on any origin call the token endpoint, without credentials", async () => {
    const preflight = await fetch(`${api.baseUrl}/auth/token`, {
      method: "OPTIONS",
      headers: {
        origin: "http://127.0.0.1:43123",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-credentials")).toBeNull();
    // The rest of /auth keeps the configured origins.
    const signUp = await fetch(`${api.baseUrl}/auth/sign-up`, {
      method: "OPTIONS",
      headers: { origin: "http://127.0.0.1:43123", "access-control-request-method": "POST" },
    });
    expect(signUp.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("asks for consent once, then exchanges the code for tokens bound to the client and its scopes", async () => {
    const partner = await registerPartner();
    const client = await createTestClient(db());
    const { verifier, challenge } = pkcePair();
    const request = {
      response_type: "code",
      client_id: partner,
      redirect_uri: "http://127.0.0.1:8765/callback",
      code_challenge: challenge,
      code_challenge_method: "S256",
      scope: "profile",
      state: "s1",
    };
    expect(await outcomeOf(await authorize(request))).toEqual({
      action: "sign_in",
      client: { id: partner, name: "Salon Aurora App" },
    });
    expect(await outcomeOf(await authorize(request, client))).toEqual({
      action: "consent",
      client: { id: partner, name: "Salon Aurora App" },
      scopes: ["profile"],
    });
    const code = redirectedTo(
      await outcomeOf(await authorize({ ...request, decision: "allow" }, client)),
      request.redirect_uri,
    ).get("code");
    // The consent is remembered: the next request for the same scope goes straight back with a code.
    expect(
      redirectedTo(await outcomeOf(await authorize(request, client)), request.redirect_uri).get("code"),
    ).toBeTruthy();

    const tokens = await tokensOf(
      await exchange({
        code: code ?? "",
        redirect_uri: request.redirect_uri,
        client_id: partner,
        code_verifier: verifier,
      }),
    );
    expect(tokens.scope).toBe("profile");
    const me = await fetch(`${api.baseUrl}/v1c/clients/me`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(me.status).toBe(200);
    // Without the appointments scope, booking routes refuse the token.
    const appointments = await fetch(`${api.baseUrl}/v1c/appointment-clients`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect((await errorsOf(appointments, 403))[0]?.code).toBe("insufficient_scope");
    expect(appointments.headers.get("www-authenticate")).toContain('scope="appointments"');

    // Deleting the account and changing its password are the web app's own business, whatever the scope.
    const deletion = await fetch(`${api.baseUrl}/v1c/clients/me`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect((await errorsOf(deletion, 403))[0]?.code).toBe("insufficient_scope");
    const password = await post(
      "/password",
      { current_password: client.password, new_password: "another long passphrase" },
      { authorization: `Bearer ${tokens.access_token}` },
    );
    expect((await errorsOf(password, 403))[0]?.code).toBe("insufficient_scope");

    // The refresh token stays with its client: another client_id, or none, cannot renew it.
    const other = await registerPartner();
    for (const body of [{ client_id: other }, {}] as Record<string, string>[]) {
      const refused = await post("/token", {
        grant_type: "refresh_token",
        refresh_token: tokens.refresh_token,
        ...body,
      });
      expect((await errorsOf(refused, 400))[0]?.code).toBe("invalid_grant");
    }
    const renewed = await tokensOf(
      await post("/token", { grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: partner }),
    );
    expect(renewed.scope).toBe("profile");
  });

  it("skips consent for first-party clients", async () => {
    const app = await registerPartner({ firstParty: true });
    const client = await createTestClient(db());
    const { challenge } = pkcePair();
    const outcome = await outcomeOf(
      await authorize(
        {
          response_type: "code",
          client_id: app,
          redirect_uri: "https://partner.example/oauth",
          code_challenge: challenge,
          code_challenge_method: "S256",
        },
        client,
      ),
    );
    expect(redirectedTo(outcome, "https://partner.example/oauth").get("code")).toMatch(/^[\w-]{43}$/);
  });

  it("refuses a wrong verifier, and a code used twice, revoking the tokens it gave", async () => {
    const partner = await registerPartner();
    const client = await createTestClient(db());
    const { verifier, challenge } = pkcePair();
    const redirect = "http://127.0.0.1:8765/callback";
    const wrong = await codeFor(partner, client, challenge);
    const refused = await exchange({
      code: wrong,
      redirect_uri: redirect,
      client_id: partner,
      code_verifier: pkcePair().verifier,
    });
    expect(await errorsOf(refused, 400)).toMatchObject([
      { code: "invalid_grant", source: { pointer: "/code_verifier" } },
    ]);

    const code = await codeFor(partner, client, challenge);
    const fields = { code, redirect_uri: redirect, client_id: partner, code_verifier: verifier };
    const tokens = await tokensOf(await exchange(fields));
    // Read once, so the token is among those found valid and kept for a second: the replay must end it anyway.
    const before = await fetch(`${api.baseUrl}/v1c/clients/me`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(before.status).toBe(200);
    expect((await errorsOf(await exchange(fields), 400))[0]?.code).toBe("invalid_grant");
    const me = await fetch(`${api.baseUrl}/v1c/clients/me`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect((await errorsOf(me, 401))[0]?.code).toBe("invalid_token");
    const renewal = await post("/token", {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token,
      client_id: partner,
    });
    expect((await errorsOf(renewal, 400))[0]?.code).toBe("invalid_grant");
  });

  it("refuses a code exchanged with another redirect_uri or for another client", async () => {
    const partner = await registerPartner();
    const other = await registerPartner();
    const client = await createTestClient(db());
    const { verifier, challenge } = pkcePair();
    const code = await codeFor(partner, client, challenge);
    const otherPort = await exchange({
      code,
      redirect_uri: "http://127.0.0.1:9999/callback",
      client_id: partner,
      code_verifier: verifier,
    });
    expect(await errorsOf(otherPort, 400)).toMatchObject([
      { code: "invalid_grant", source: { pointer: "/redirect_uri" } },
    ]);
    const second = await codeFor(partner, client, challenge);
    const stolen = await exchange({
      code: second,
      redirect_uri: "http://127.0.0.1:8765/callback",
      client_id: other,
      code_verifier: verifier,
    });
    expect(await errorsOf(stolen, 400)).toMatchObject([{ code: "invalid_grant", source: { pointer: "/client_id" } }]);
    const unknown = await exchange({
      code: second,
      redirect_uri: "x",
      client_id: "nobody-at-all",
      code_verifier: verifier,
    });
    expect((await errorsOf(unknown, 401))[0]?.code).toBe("invalid_client");
  });

  it("lets a code live 60 seconds, by the clock the exchange reads", async () => {
    const partner = await registerPartner();
    const client = await createTestClient(db());
    const { verifier, challenge } = pkcePair();
    const oauthClient = await findOAuthClient(db(), partner);
    if (!oauthClient) throw new Error("the partner was not registered");
    const redirectUri = "http://127.0.0.1:8765/callback";
    const late = new Date(Date.now() + (AUTHORIZATION_CODE_SECONDS + 1) * 1000);
    const expired = exchangeAuthorizationCode({
      db: db(),
      client: oauthClient,
      code: await codeFor(partner, client, challenge),
      redirectUri,
      codeVerifier: verifier,
      now: late,
    });
    await expect(expired).rejects.toMatchObject({ code: "invalid_grant", source: { pointer: "/code" } });
    const inTime = await exchangeAuthorizationCode({
      db: db(),
      client: oauthClient,
      code: await codeFor(partner, client, challenge),
      redirectUri,
      codeVerifier: verifier,
      now: new Date(Date.now() + (AUTHORIZATION_CODE_SECONDS - 5) * 1000),
    });
    expect(inTime.access_token).toMatch(/^[\w-]{43}$/);
  });

  it("gives exactly one of two exchanges of one code at once the tokens", async () => {
    const partner = await registerPartner();
    const client = await createTestClient(db());
    const { verifier, challenge } = pkcePair();
    const code = await codeFor(partner, client, challenge);
    const fields = {
      code,
      redirect_uri: "http://127.0.0.1:8765/callback",
      client_id: partner,
      code_verifier: verifier,
    };
    const answers = await Promise.all([exchange(fields), exchange(fields), exchange(fields)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400]);
    for (const answer of answers) await answer.body?.cancel();
  });

  it("matches loopback redirects on any port, everything else exactly, and never follows an unregistered one", async () => {
    const partner = await registerPartner();
    const base = {
      response_type: "code",
      client_id: partner,
      code_challenge: pkcePair().challenge,
      code_challenge_method: "S256",
    };
    for (const redirect of ["http://127.0.0.1/callback", "http://127.0.0.1:51234/callback"]) {
      expect((await outcomeOf(await authorize({ ...base, redirect_uri: redirect }))).action).toBe("sign_in");
    }
    for (const redirect of [
      "http://127.0.0.1:51234/other",
      "https://partner.example:444/oauth",
      "https://partner.example/oauth/",
      "https://evil.example/oauth",
      "http://localhost:51234/callback",
    ]) {
      const refused = await authorize({ ...base, redirect_uri: redirect });
      expect(await errorsOf(refused, 400)).toMatchObject([
        { code: "invalid_redirect_uri", source: { pointer: "/redirect_uri" } },
      ]);
    }
    const unknown = await authorize({
      ...base,
      client_id: "no-such-client",
      redirect_uri: "http://127.0.0.1/callback",
    });
    expect(await errorsOf(unknown, 400)).toMatchObject([{ code: "unknown_client" }]);
  });

  it("sends other refusals back to the redirect_uri with error and state: plain PKCE, no challenge, bad response type or scope, denial", async () => {
    const partner = await registerPartner({ scopes: ["profile"] });
    const client = await createTestClient(db());
    const redirect = "http://127.0.0.1:8765/callback";
    const base = {
      response_type: "code",
      client_id: partner,
      redirect_uri: redirect,
      code_challenge: pkcePair().challenge,
      code_challenge_method: "S256",
      state: "st",
    };
    // Each description names what is wrong: a plain challenge (short, as plain ones may be) its method.
    const cases: Array<[Record<string, string>, string, RegExp]> = [
      [{ code_challenge_method: "plain", code_challenge: "abc" }, "invalid_request", /not "plain"/],
      [{ code_challenge_method: "" }, "invalid_request", /code_challenge_method is required/],
      [{ code_challenge: "" }, "invalid_request", /code_challenge is required/],
      [{ response_type: "token" }, "unsupported_response_type", /response_type/],
      [{ scope: "appointments" }, "invalid_scope", /scopes/],
      [{ scope: "everything" }, "invalid_scope", /scopes/],
      [{ decision: "deny" }, "access_denied", /account holder did not allow/],
    ];
    for (const [change, error, description] of cases) {
      const query = redirectedTo(await outcomeOf(await authorize({ ...base, ...change }, client)), redirect);
      expect({ error: query.get("error"), state: query.get("state") }).toEqual({ error, state: "st" });
      expect(query.get("error_description")).toMatch(description);
    }
  });

  it("refuses the password grant to a partner's client, and a token given to a client may not authorize others", async () => {
    const partner = await registerPartner();
    const client = await createTestClient(db());
    const password = await post("/token", {
      grant_type: "password",
      username: client.email,
      password: client.password,
      client_id: partner,
    });
    expect(await errorsOf(password, 400)).toMatchObject([{ code: "unauthorized_client" }]);
    const app = await registerPartner({ firstParty: true });
    const own = await tokensOf(
      await post("/token", {
        grant_type: "password",
        username: client.email,
        password: client.password,
        client_id: app,
      }),
    );
    const asApp = await authorize(
      { client_id: partner, redirect_uri: "http://127.0.0.1/callback", response_type: "code" },
      { ...client, authorization: `Bearer ${own.access_token}` },
    );
    expect((await errorsOf(asApp, 403))[0]?.code).toBe("forbidden");
  });

  it("authenticates a confidential client by its secret, in the body or as HTTP Basic", async () => {
    const id = `server-${randomUUID().slice(0, 8)}`;
    const { secret = "" } = await addOAuthClient(db(), {
      id,
      name: "Salon Server",
      type: "confidential",
      redirectUris: ["https://partner.example/oauth"],
    });
    const client = await createTestClient(db());
    const { verifier, challenge } = pkcePair();
    const redirect = "https://partner.example/oauth";
    const withoutSecret = await exchange({
      code: await codeFor(id, client, challenge, redirect),
      redirect_uri: redirect,
      client_id: id,
      code_verifier: verifier,
    });
    expect((await errorsOf(withoutSecret, 401))[0]?.code).toBe("invalid_client");
    const code = await codeFor(id, client, challenge, redirect);
    const basic = Buffer.from(`${id}:${encodeURIComponent(secret)}`).toString("base64");
    const answer = await fetch(`${api.baseUrl}/auth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${basic}` },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: redirect,
        code_verifier: verifier,
      }),
    });
    await tokensOf(answer);
  });
});
