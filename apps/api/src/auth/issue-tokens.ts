import type { Database } from "@termin/db/database";
import { accessTokens, refreshTokens, tokenFamilies } from "@termin/db/account-schema";
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS } from "./token-lifetimes.ts";
import { pruneExpiredTokensNowAndThen } from "./prune-expired-tokens.ts";
import { hashToken, newSecretToken } from "./secret-tokens.ts";

/** The OAuth 2 token response (RFC 6749 section 5.1); the spec sends `{token_type} {access_token}`. */
export interface TokenResponse {
  token_type: "Bearer";
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

async function newFamily(db: Database, clientId: string): Promise<string> {
  const [family] = await db.insert(tokenFamilies).values({ clientId }).returning({ id: tokenFamilies.id });
  if (!family) throw new Error("inserting a token family returned no row");
  return family.id;
}

/**
 * A new access and refresh token pair. Without a family this is a new sign-in (a new family); with one,
 * a rotation within that sign-in.
 */
export async function issueTokens(options: {
  db: Database;
  clientId: string;
  familyId?: string;
  now?: Date;
}): Promise<TokenResponse> {
  const { db, clientId } = options;
  const now = options.now ?? new Date();
  const familyId = options.familyId ?? (await newFamily(db, clientId));
  const accessToken = newSecretToken();
  const refreshToken = newSecretToken();
  await db.insert(accessTokens).values({
    tokenHash: hashToken(accessToken),
    familyId,
    expiresAt: new Date(now.getTime() + ACCESS_TOKEN_SECONDS * 1000),
  });
  await db.insert(refreshTokens).values({
    tokenHash: hashToken(refreshToken),
    familyId,
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_SECONDS * 1000),
  });
  await pruneExpiredTokensNowAndThen(db);
  return {
    token_type: "Bearer",
    access_token: accessToken,
    refresh_token: refreshToken,
    expires_in: ACCESS_TOKEN_SECONDS,
  };
}
