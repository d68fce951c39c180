import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessTokens, oneTimeTokens, refreshTokens, tokenFamilies } from "@termin/db/account-schema";
import { oauthAuthorizationCodes } from "@termin/db/oauth-schema";
import { addOAuthClient } from "../oauth/oauth-client-registry.ts";
import { createAuthorizationCode } from "../oauth/authorization-codes.ts";
import { startTestApi, type TestApi } from "../testing/start-test-api.ts";
import { createTestClient } from "../testing/test-clients.ts";
import { issueTokens } from "./issue-tokens.ts";
import { pruneExpiredTokens } from "./prune-expired-tokens.ts";
import { hashToken } from "./secret-tokens.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const DAY = 24 * 60 * 60 * 1000;

describe("pruning expired tokens", () => {
  it("deletes what can sign nobody in and keeps live sign-ins and spent-but-unexpired refresh tokens", async () => {
    const db = api.database.db;
    const live = await createTestClient(db);
    const gone = await createTestClient(db);
    // A sign-in from 40 days ago: both of its tokens have expired (refresh tokens live 30 days).
    const old = await issueTokens({ db, clientId: gone.id, now: new Date(Date.now() - 40 * DAY) });
    const [oldFamily] = await db
      .select({ id: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(old.refresh_token)));
    await db
      .update(tokenFamilies)
      .set({ createdAt: new Date(Date.now() - 40 * DAY) })
      .where(eq(tokenFamilies.id, oldFamily?.id ?? ""));
    await db.insert(oneTimeTokens).values({
      tokenHash: hashToken("an-old-link"),
      clientId: gone.id,
      purpose: "verify_email",
      expiresAt: new Date(Date.now() - DAY),
    });
    // Authorization codes stay a day after they expire (a late replay still revokes), then go.
    await addOAuthClient(db, {
      id: "prune-partner",
      name: "Prune",
      type: "public",
      redirectUris: ["http://127.0.0.1/cb"],
    });
    const code = (now: Date) =>
      createAuthorizationCode({
        db,
        oauthClientId: "prune-partner",
        clientId: gone.id,
        redirectUri: "http://127.0.0.1/cb",
        codeChallenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
        scope: "profile",
        now,
      });
    const oldCode = await code(new Date(Date.now() - 2 * DAY));
    const recentCode = await code(new Date(Date.now() - 60 * 60 * 1000));
    await db
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(eq(refreshTokens.tokenHash, hashToken(live.tokens.refresh_token)));

    await pruneExpiredTokens(db);

    const hashes = [old.access_token, old.refresh_token].map(hashToken);
    expect(await db.select().from(accessTokens).where(inArray(accessTokens.tokenHash, hashes))).toEqual([]);
    expect(await db.select().from(refreshTokens).where(inArray(refreshTokens.tokenHash, hashes))).toEqual([]);
    expect(
      await db
        .select()
        .from(tokenFamilies)
        .where(eq(tokenFamilies.id, oldFamily?.id ?? "")),
    ).toEqual([]);
    expect(await db.select().from(oneTimeTokens).where(eq(oneTimeTokens.clientId, gone.id))).toEqual([]);
    const codes = await db
      .select({ codeHash: oauthAuthorizationCodes.codeHash })
      .from(oauthAuthorizationCodes)
      .where(inArray(oauthAuthorizationCodes.codeHash, [oldCode, recentCode].map(hashToken)));
    expect(codes).toEqual([{ codeHash: hashToken(recentCode) }]);
    // The live sign-in still works, and its spent refresh token is still known (reuse detection).
    const me = await fetch(`${api.baseUrl}/v1c/clients/me`, { headers: { authorization: live.authorization } });
    expect(me.status).toBe(200);
    const spent = await db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(live.tokens.refresh_token)));
    expect(spent).toHaveLength(1);
  });
});
