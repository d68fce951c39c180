import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenFamilies } from "@termin/db/account-schema";
import { startTestApi, type TestApi } from "@termin/api/testing/start-test-api";
import { createTestClient, type TestClient } from "@termin/api/testing/test-clients";
import { createApiClient } from "../api/client.ts";
import { COOKIE } from "@termin/contracts/cookies";
import { readSession, sessionFromTokens, setSessionHeader } from "./session-cookie.server.ts";
import { PROFILE_ERROR_MESSAGE, startUp } from "./start-up.server.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const PAGE = "http://localhost/en/home";

/** A page request carrying the client's session cookie, as the browser sends it. */
function pageRequest(client: TestClient, expiresAt = Date.now() + 10 * 60_000): Request {
  const cookie = setSessionHeader(new Request(PAGE), { ...sessionFromTokens(client.tokens), expiresAt }).split(";")[0];
  return new Request(PAGE, { headers: { cookie: cookie ?? "" } });
}

function run(request: Request) {
  const logged: string[] = [];
  const result = startUp({
    request,
    api: (credentials) =>
      createApiClient({
        baseUrl: api.baseUrl,
        language: "en",
        app: { name: "Termin", version: "test", build: "test" },
        credentials,
      }),
    log: (message) => logged.push(message),
  });
  return { result, logged };
}

describe("start-up (spec section 4)", () => {
  it("is not loaded, quietly, for a visitor without a session", async () => {
    const { result, logged } = run(new Request(PAGE));
    expect(await result).toEqual({ loaded: false, viewer: null, credentials: null, setCookie: null });
    expect(logged).toEqual([]);
  });

  it("loads the profile of a signed-in client: loaded is true and the menu gets their name", async () => {
    const client = await createTestClient(api.database.db, { firstName: "Ana", lastName: "Petrova" });
    const { result } = run(pageRequest(client));
    const { loaded, viewer, setCookie } = await result;
    expect(loaded).toBe(true);
    expect(viewer).toMatchObject({ id: client.id, displayName: "Ana Petrova", email: client.email, avatarUrl: null });
    expect(setCookie).toBeNull();
  });

  it("renews an access token about to expire with the refresh token and stores the new pair", async () => {
    const client = await createTestClient(api.database.db);
    const { result } = run(pageRequest(client, Date.now() + 5_000));
    const { loaded, setCookie } = await result;
    expect(loaded).toBe(true);
    const renewed = readSession(new Request(PAGE, { headers: { cookie: setCookie?.split(";")[0] ?? "" } }));
    expect(renewed?.refreshToken).toBeDefined();
    expect(renewed?.refreshToken).not.toBe(client.tokens.refresh_token);
  });

  it("clears the credentials, logs 'Error loading profile.' and continues signed out when the sign-in was revoked", async () => {
    const client = await createTestClient(api.database.db);
    await api.database.db
      .update(tokenFamilies)
      .set({ revokedAt: new Date() })
      .where(eq(tokenFamilies.clientId, client.id));
    const { result, logged } = run(pageRequest(client));
    const { loaded, viewer, credentials, setCookie } = await result;
    expect({ loaded, viewer, credentials }).toEqual({ loaded: false, viewer: null, credentials: null });
    expect(logged).toEqual([PROFILE_ERROR_MESSAGE]);
    expect(setCookie).toMatch(new RegExp(`^${COOKIE.session}=;.*Max-Age=0`));
  });
});
