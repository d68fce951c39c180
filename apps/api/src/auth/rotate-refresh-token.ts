import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "@termin/db/database";
import { clients, refreshTokens, tokenFamilies } from "@termin/db/account-schema";
import { AppError } from "../http/app-error.ts";
import { issueTokens, type TokenResponse } from "./issue-tokens.ts";
import { revokeFamily } from "./revoke-family.ts";
import { hashToken } from "./secret-tokens.ts";

/**
 * A spent refresh token presented again within this long after its first use still gets a new pair (Auth0's
 * "reuse interval"). A web page and its background requests (or two tabs) can each renew with the same cookie
 * at nearly the same moment; without the grace, the second renewal would look like theft and sign the visitor
 * out. Outside it, a second use is treated as a stolen token (RFC 6819 section 5.2.2.3).
 */
export const REUSE_INTERVAL_MS = 30_000;

const INVALID = "The refresh token is not valid. Please sign in again.";

/**
 * The refresh token grant with rotation: the presented token is spent and a new pair is issued in the same
 * token family. A spent token presented again (after the reuse interval) revokes the whole family.
 */
export async function rotateRefreshToken(options: {
  db: Database;
  refreshToken: string;
  /** The OAuth client renewing (none for the web app): a sign-in renews only for the client it was given to. */
  oauthClientId?: string | undefined;
  now?: Date;
}): Promise<TokenResponse> {
  const { db } = options;
  const now = options.now ?? new Date();
  const tokenHash = hashToken(options.refreshToken);
  const [token] = await db
    .select({
      familyId: refreshTokens.familyId,
      expiresAt: refreshTokens.expiresAt,
      usedAt: refreshTokens.usedAt,
      revokedAt: tokenFamilies.revokedAt,
      clientId: tokenFamilies.clientId,
      oauthClientId: tokenFamilies.oauthClientId,
      scope: tokenFamilies.scope,
      deletedAt: clients.deletedAt,
    })
    .from(refreshTokens)
    .innerJoin(tokenFamilies, eq(tokenFamilies.id, refreshTokens.familyId))
    .innerJoin(clients, eq(clients.id, tokenFamilies.clientId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  if (
    !token ||
    token.revokedAt ||
    token.deletedAt ||
    token.expiresAt <= now ||
    token.oauthClientId !== (options.oauthClientId ?? null)
  ) {
    throw new AppError("invalid_grant", INVALID);
  }

  let firstUse = now;
  if (!token.usedAt) {
    // Conditional, so of two concurrent renewals exactly one spends the token; the other sees it spent.
    const [spent] = await db
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
      .returning({ usedAt: refreshTokens.usedAt });
    if (!spent) {
      const [current] = await db
        .select({ usedAt: refreshTokens.usedAt })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash));
      firstUse = current?.usedAt ?? now;
    }
  } else {
    firstUse = token.usedAt;
  }
  if (now.getTime() - firstUse.getTime() > REUSE_INTERVAL_MS) {
    await revokeFamily(db, token.familyId, now);
    throw new AppError("invalid_grant", INVALID);
  }
  return issueTokens({ db, clientId: token.clientId, familyId: token.familyId, scope: token.scope, now });
}
