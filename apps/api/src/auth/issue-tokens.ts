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
  /** The granted scope (RFC 6749 section 5.1), on sign-ins given to an OAuth client (decision 0036). */
  scope?: string;
}

async function newFamily(db: Database, clientId: string, oauth: OAuthGrant | undefined): Promise<string> {
  const [family] = await db
    .insert(tokenFamilies)
    .values({ clientId, oauthClientId: oauth?.oauthClientId, scope: oauth?.scope })
    .returning({ id: tokenFamilies.id });
  if (!family) throw new Error("inserting a token family returned no row");
  return family.id;
}

/** The OAuth client a sign-in is given to and what it may do; absent for the web app's own sign-ins. */
export interface OAuthGrant {
  oauthClientId: string;
  scope: string;
}

/**
 * A new access and refresh token pair. Without a family this is a new sign-in (a new family, given to `oauth`'s
 * client when there is one); with one, a rotation within that sign-in, whose `scope` the answer repeats.
 */
export async function issueTokens(options: {
  db: Database;
  clientId: string;
  familyId?: string;
  oauth?: OAuthGrant;
  scope?: string | null;
  now?: Date;
}): Promise<TokenResponse> {
  const { db, clientId } = options;
  const now = options.now ?? new Date();
  const familyId = options.familyId ?? (await newFamily(db, clientId, options.oauth));
  const scope = options.oauth?.scope ?? options.scope ?? undefined;
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
    ...(scope === undefined ? {} : { scope }),
  };
}
