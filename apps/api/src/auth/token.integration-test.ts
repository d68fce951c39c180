import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients, refreshTokens, tokenFamilies } from "@termin/db/account-schema";
import { startTestApi, type TestApi } from "../testing/start-test-api.ts";
import { createTestClient } from "../testing/test-clients.ts";
import { authRequests, errorsOf, tokensOf } from "./auth-test-helpers.ts";
import { hashToken } from "./secret-tokens.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const { post, signIn, refresh } = authRequests(() => api);
const db = () => api.database.db;

const WRONG = { status: "400", code: "invalid_grant", detail: "The e-mail or password is not correct." };

/** Makes a spent refresh token look spent `seconds` ago (the reuse interval is measured from the first use). */
async function spentSecondsAgo(refreshToken: string, seconds: number) {
  await db()
    .update(refreshTokens)
    .set({ usedAt: new Date(Date.now() - seconds * 1000) })
    .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
}

describe("POST /auth/token, grant_type=password", () => {
  it("signs in with the e-mail (any case, spaces around) and password, as JSON or as a form", async () => {
    const client = await createTestClient(db());
    const asJson = await tokensOf(await signIn(`  ${client.email.toUpperCase()} `, client.password));
    const form = await signIn(client.email, client.password, { form: true });
    expect(form.headers.get("cache-control")).toBe("no-store");
    const asForm = await tokensOf(form);
    expect(asForm.access_token).not.toBe(asJson.access_token);
    // Each sign-in is its own family: signing out one device leaves the other signed in.
    await post("/revoke", { token: asJson.refresh_token });
    await tokensOf(await refresh(asForm.refresh_token));
  });

  it("gives the same answer for an unknown e-mail, a wrong password, a deleted account and a social-only account", async () => {
    const client = await createTestClient(db());
    const deleted = await createTestClient(db(), { deletedAt: new Date() });
    const social = await createTestClient(db(), { passwordHash: null });
    for (const answer of [
      await signIn("nobody-here@example.test", client.password),
      await signIn(client.email, "not the password"),
      await signIn(deleted.email, deleted.password),
      await signIn(social.email, "anything at all"),
    ]) {
      expect(await errorsOf(answer, 400)).toEqual([WRONG]);
    }
    expect(await errorsOf(await signIn(social.email, ""), 400)).toMatchObject([
      { code: "invalid_request", source: { pointer: "/password" } },
    ]);
  });

  it("takes about as long for an unknown e-mail as for a wrong password (argon2 runs either way)", async () => {
    const client = await createTestClient(db());
    const time = async (email: string) => {
      const started = performance.now();
      await signIn(email, "not the password");
      return performance.now() - started;
    };
    await time("warm-up@example.test");
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let round = 0; round < 5; round++) {
      unknown.push(await time(`nobody-${round}@example.test`));
      wrong.push(await time(client.email));
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[2] ?? 0;
    // An unknown address skipping argon2 would answer in ~1 ms against ~20 ms.
    expect(median(unknown)).toBeGreaterThan(median(wrong) / 2);
  });

  it("reports every missing field with a pointer", async () => {
    const errors = await errorsOf(await post("/token", { grant_type: "password" }), 400);
    expect(errors.map((error) => [error.code, error.source?.pointer])).toEqual([
      ["invalid_request", "/username"],
      ["invalid_request", "/password"],
    ]);
    expect(await errorsOf(await post("/token", {}), 400)).toMatchObject([
      { code: "invalid_request", source: { pointer: "/grant_type" } },
    ]);
  });

  it("answers a refusal as OAuth libraries read it: application/json with error and error_description", async () => {
    const response = await post("/token", { grant_type: "password", username: "nobody@example.com", password: "x" });
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({
      error: "invalid_grant",
      error_description: WRONG.detail,
      errors: [WRONG],
    });
    const revoke = await post("/revoke", {});
    expect(revoke.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await revoke.json()).toMatchObject({ error: "invalid_request" });
  });

  it("refuses other grant types", async () => {
    const errors = await errorsOf(await post("/token", { grant_type: "client_credentials" }), 400);
    expect(errors).toMatchObject([{ code: "unsupported_grant_type", source: { pointer: "/grant_type" } }]);
  });

  it("stores tokens only as SHA-256 hashes", async () => {
    const client = await createTestClient(db());
    const tokens = await tokensOf(await signIn(client.email, client.password));
    const rows = await db().select({ tokenHash: refreshTokens.tokenHash }).from(refreshTokens);
    const stored = rows.map((row) => row.tokenHash);
    expect(stored).toContain(hashToken(tokens.refresh_token));
    expect(stored).not.toContain(tokens.refresh_token);
    expect(JSON.stringify(await db().select().from(refreshTokens))).not.toContain(tokens.refresh_token);
  });
});

describe("POST /auth/token, grant_type=refresh_token", () => {
  it("rotates: a new pair in the same sign-in, and the new refresh token rotates again", async () => {
    const client = await createTestClient(db());
    const first = await tokensOf(await refresh(client.tokens.refresh_token));
    expect(first.refresh_token).not.toBe(client.tokens.refresh_token);
    const second = await tokensOf(await refresh(first.refresh_token));
    const [familyOfFirst] = await db()
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(second.refresh_token)));
    const [familyOfLogin] = await db()
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(client.tokens.refresh_token)));
    expect(familyOfFirst).toEqual(familyOfLogin);
  });

  it("accepts a spent token again within 30 seconds of its first use (a page and its requests racing)", async () => {
    const client = await createTestClient(db());
    const [a, b] = await Promise.all([refresh(client.tokens.refresh_token), refresh(client.tokens.refresh_token)]);
    const fromA = await tokensOf(a);
    const fromB = await tokensOf(b);
    await spentSecondsAgo(client.tokens.refresh_token, 29);
    const fromC = await tokensOf(await refresh(client.tokens.refresh_token));
    // Nothing was revoked: every pair handed out still works.
    for (const tokens of [fromA, fromB, fromC]) {
      expect((await post("/password", {}, { authorization: `Bearer ${tokens.access_token}` })).status).toBe(422);
      await tokensOf(await refresh(tokens.refresh_token));
    }
  });

  it("revokes the whole sign-in when a token spent over 30 seconds ago comes back (a stolen token)", async () => {
    const client = await createTestClient(db());
    const next = await tokensOf(await refresh(client.tokens.refresh_token));
    await spentSecondsAgo(client.tokens.refresh_token, 31);
    expect(await errorsOf(await refresh(client.tokens.refresh_token), 400)).toMatchObject([{ code: "invalid_grant" }]);
    // The legitimate holder's newer token is dead too: everyone in that family must sign in again.
    expect(await errorsOf(await refresh(next.refresh_token), 400)).toMatchObject([{ code: "invalid_grant" }]);
    // So are the family's access tokens, at once (not only when they expire).
    for (const accessToken of [client.tokens.access_token, next.access_token]) {
      expect(
        await errorsOf(await post("/password", {}, { authorization: `Bearer ${accessToken}` }), 401),
      ).toMatchObject([{ code: "invalid_token" }]);
    }
    const [family] = await db()
      .select({ revokedAt: tokenFamilies.revokedAt })
      .from(tokenFamilies)
      .innerJoin(refreshTokens, eq(refreshTokens.familyId, tokenFamilies.id))
      .where(eq(refreshTokens.tokenHash, hashToken(next.refresh_token)));
    expect(family?.revokedAt).toBeInstanceOf(Date);
  });

  it("refuses unknown and expired tokens and those of a deleted account", async () => {
    expect(await errorsOf(await refresh("made-up-token"), 400)).toMatchObject([{ code: "invalid_grant" }]);
    const expired = await createTestClient(db());
    await db()
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hashToken(expired.tokens.refresh_token)));
    expect(await errorsOf(await refresh(expired.tokens.refresh_token), 400)).toMatchObject([{ code: "invalid_grant" }]);
    const deleted = await createTestClient(db());
    await db().update(clients).set({ deletedAt: new Date() }).where(eq(clients.id, deleted.id));
    expect(await errorsOf(await refresh(deleted.tokens.refresh_token), 400)).toMatchObject([{ code: "invalid_grant" }]);
  });

  it("points at a missing refresh_token", async () => {
    expect(await errorsOf(await post("/token", { grant_type: "refresh_token" }), 400)).toMatchObject([
      { code: "invalid_request", source: { pointer: "/refresh_token" } },
    ]);
  });
});

describe("POST /auth/revoke", () => {
  it("signs out the sign-in of a refresh token or of an access token", async () => {
    for (const which of ["refresh_token", "access_token"] as const) {
      const client = await createTestClient(db());
      const response = await post("/revoke", { token: client.tokens[which] }, { form: true });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({});
      expect(await errorsOf(await refresh(client.tokens.refresh_token), 400)).toMatchObject([
        { code: "invalid_grant" },
      ]);
    }
  });

  it("refuses a signed-out access token at once, though it was found valid a moment before", async () => {
    const client = await createTestClient(db());
    const me = () => fetch(`${api.baseUrl}/v1c/clients/me`, { headers: { authorization: client.authorization } });
    expect((await me()).status).toBe(200);
    expect((await post("/revoke", { token: client.tokens.access_token })).status).toBe(200);
    expect((await me()).status).toBe(401);
  });

  it("answers 200 for an unknown token and points at a missing one", async () => {
    const response = await post("/revoke", { token: "never-issued" });
    expect(response.status).toBe(200);
    expect(await errorsOf(await post("/revoke", {}), 400)).toMatchObject([
      { code: "invalid_request", source: { pointer: "/token" } },
    ]);
  });

  it("answers unknown /auth paths with a JSON:API 404", async () => {
    expect(await errorsOf(await post("/nowhere", {}), 404)).toMatchObject([{ code: "not_found" }]);
  });
});

describe("API reference", () => {
  it("documents every /auth endpoint", async () => {
    const response = await fetch(`${api.baseUrl}/v1c/openapi.json`);
    const { paths } = (await response.json()) as { paths: Record<string, Record<string, unknown>> };
    for (const path of [
      "/auth/token",
      "/auth/revoke",
      "/auth/sign-up",
      "/auth/email-verification",
      "/auth/email-verification/confirm",
      "/auth/password-reset",
      "/auth/password-reset/confirm",
      "/auth/password",
    ]) {
      expect(paths[path]?.post, path).toBeDefined();
    }
  });
});
