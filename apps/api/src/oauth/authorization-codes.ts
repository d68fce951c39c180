import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "@termin/db/database";
import { tokenFamilies } from "@termin/db/account-schema";
import { oauthAuthorizationCodes } from "@termin/db/oauth-schema";
import { AppError } from "../http/app-error.ts";
import { issueTokens, type TokenResponse } from "../auth/issue-tokens.ts";
import { revokeFamily } from "../auth/revoke-family.ts";
import { hashToken, newSecretToken } from "../auth/secret-tokens.ts";
import type { OAuthClient } from "./oauth-clients.ts";
import { verifierMatches } from "./pkce.ts";

/** A code is worth this long (RFC 6749 section 4.1.2 asks for at most 10 minutes; a redirect takes a second). */
export const AUTHORIZATION_CODE_SECONDS = 60;

/** A new authorization code for `clientId`'s consent to `oauthClientId`; only its hash is kept. */
export async function createAuthorizationCode(options: {
  db: Database;
  oauthClientId: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  scope: string;
  now?: Date;
}): Promise<string> {
  const now = options.now ?? new Date();
  const code = newSecretToken();
  await options.db.insert(oauthAuthorizationCodes).values({
    codeHash: hashToken(code),
    oauthClientId: options.oauthClientId,
    clientId: options.clientId,
    redirectUri: options.redirectUri,
    codeChallenge: options.codeChallenge,
    scope: options.scope,
    expiresAt: new Date(now.getTime() + AUTHORIZATION_CODE_SECONDS * 1000),
  });
  return code;
}

const INVALID = "The authorization code is not valid: unknown, expired, already used, or not issued for this request.";
const invalid = (pointer: string) => new AppError("invalid_grant", INVALID, { pointer });

/**
 * The authorization_code grant: spends the code and opens a sign-in (token family) bound to the client and the
 * consented scope. The code is spent by one conditional update inside the transaction, so of two exchanges at
 * once exactly one wins; the other, like any later replay, finds it spent and revokes what it became (RFC 6749
 * section 4.1.2: a code used twice may have been stolen). A refused exchange still spends the code.
 */
export async function exchangeAuthorizationCode(options: {
  db: Database;
  client: OAuthClient;
  code: string;
  redirectUri: string;
  codeVerifier: string;
  /** Told when a replay revoked a sign-in: tokens found valid and kept for a second must be forgotten now. */
  onRevoked?: () => void;
  now?: Date;
}): Promise<TokenResponse> {
  const { client } = options;
  const now = options.now ?? new Date();
  const codeHash = hashToken(options.code);
  const outcome = await options.db.transaction(async (tx) => {
    const [spent] = await tx
      .update(oauthAuthorizationCodes)
      .set({ usedAt: now })
      .where(and(eq(oauthAuthorizationCodes.codeHash, codeHash), isNull(oauthAuthorizationCodes.usedAt)))
      .returning();
    if (!spent) {
      const [used] = await tx
        .select({ familyId: oauthAuthorizationCodes.familyId })
        .from(oauthAuthorizationCodes)
        .where(eq(oauthAuthorizationCodes.codeHash, codeHash));
      if (used?.familyId) {
        await revokeFamily(tx, used.familyId, now);
        return Object.assign(invalid("/code"), { revoked: true });
      }
      return invalid("/code");
    }
    if (spent.oauthClientId !== client.id) return invalid("/client_id");
    if (spent.expiresAt <= now) return invalid("/code");
    if (spent.redirectUri !== options.redirectUri) return invalid("/redirect_uri");
    if (!verifierMatches(options.codeVerifier, spent.codeChallenge)) return invalid("/code_verifier");
    const [family] = await tx
      .insert(tokenFamilies)
      .values({ clientId: spent.clientId, oauthClientId: client.id, scope: spent.scope })
      .returning({ id: tokenFamilies.id });
    if (!family) throw new Error("inserting a token family returned no row");
    await tx
      .update(oauthAuthorizationCodes)
      .set({ familyId: family.id })
      .where(eq(oauthAuthorizationCodes.codeHash, codeHash));
    return issueTokens({ db: tx, clientId: spent.clientId, familyId: family.id, scope: spent.scope, now });
  });
  if (outcome instanceof AppError) {
    if ("revoked" in outcome) options.onRevoked?.();
    throw outcome;
  }
  return outcome;
}
