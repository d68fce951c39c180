import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "@termin/db/database";
import { accessTokens, clients, tokenFamilies } from "@termin/db/account-schema";
import { AppError } from "../http/app-error.ts";
import type { OAuthScope } from "../oauth/scopes.ts";
import { hashToken } from "./secret-tokens.ts";

export interface SignedInClient {
  clientId: string;
  familyId: string;
  /** The OAuth client the sign-in was given to; null for the web app's own. */
  oauthClientId: string | null;
  /** The scopes granted, or null for the web app's own sign-ins, which may do everything. */
  scopes: readonly string[] | null;
}

/** The bearer token of `Authorization: Bearer <token>` (case-insensitive scheme), if any. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  return match?.[1];
}

/**
 * Tokens found valid, for a second (decision 0029): a page asks the API several things for one client at once,
 * and its token is looked up once. A change forgets them all, in every process (data-changes.ts, decision 0039): signing out,
 * revoking a sign-in and deleting the account are writes.
 */
const VERIFIED_FOR_MS = 1_000;
const MAX_VERIFIED = 10_000;
const verifiedTokens = new WeakMap<Database, Map<string, { client: SignedInClient; until: number }>>();

/** Forgets the tokens found valid on `db` (after a change, data-changes.ts). */
export function forgetVerifiedTokens(db: Database): void {
  verifiedTokens.get(db)?.clear();
}

/** RFC 6750: a 401 names the scheme that would let the request in. */
const BEARER_CHALLENGE = { "www-authenticate": 'Bearer realm="termin"' };

/**
 * What a signed-in operation needs: a scope an OAuth client may be granted, or `account`, which none is: deleting
 * the account and changing its password belong to the web app's own sign-ins (decision 0036).
 */
export type RequiredScope = OAuthScope | "account";

/** A 403 unless the sign-in was granted `scope` (decision 0036). */
function requireScope(client: SignedInClient, scope: RequiredScope): SignedInClient {
  if (client.scopes === null || client.scopes.includes(scope)) return client;
  throw new AppError(
    "insufficient_scope",
    `This sign-in was not granted the "${scope}" scope, which this operation needs.`,
    { header: "Authorization" },
    { "www-authenticate": `Bearer realm="termin", error="insufficient_scope", scope="${scope}"` },
  );
}

/**
 * The client a request acts for, or a 401. A token is valid while unexpired, its sign-in (family) is not
 * revoked and the account is not deleted. Login-required routes call this first, naming the scope they need
 * (`profile` unless said otherwise; booking routes need `appointments`): a 403 when the sign-in lacks it.
 */
export async function requireClient(
  request: { headers: { authorization?: string | undefined } },
  db: Database,
  scope: RequiredScope = "profile",
): Promise<SignedInClient> {
  return requireScope(await signedInClient(request, db), scope);
}

async function signedInClient(
  request: { headers: { authorization?: string | undefined } },
  db: Database,
): Promise<SignedInClient> {
  const token = bearerToken(request.headers.authorization);
  if (!token) {
    throw new AppError("unauthenticated", "Sign in to see this.", { header: "Authorization" }, BEARER_CHALLENGE);
  }
  const tokenHash = hashToken(token);
  let verified = verifiedTokens.get(db);
  const known = verified?.get(tokenHash);
  if (known && known.until > Date.now()) return known.client;
  const [row] = await db
    .select({
      clientId: tokenFamilies.clientId,
      familyId: tokenFamilies.id,
      oauthClientId: tokenFamilies.oauthClientId,
      scope: tokenFamilies.scope,
      expiresAt: accessTokens.expiresAt,
    })
    .from(accessTokens)
    .innerJoin(tokenFamilies, eq(tokenFamilies.id, accessTokens.familyId))
    .innerJoin(clients, eq(clients.id, tokenFamilies.clientId))
    .where(
      and(
        eq(accessTokens.tokenHash, tokenHash),
        gt(accessTokens.expiresAt, new Date()),
        isNull(tokenFamilies.revokedAt),
        isNull(clients.deletedAt),
      ),
    )
    .limit(1);
  if (!row) {
    throw new AppError(
      "invalid_token",
      "Your session has expired or is not valid. Please sign in again.",
      { header: "Authorization" },
      { "www-authenticate": 'Bearer realm="termin", error="invalid_token"' },
    );
  }
  const client = {
    clientId: row.clientId,
    familyId: row.familyId,
    oauthClientId: row.oauthClientId,
    scopes: row.scope === null ? null : row.scope.split(" "),
  };
  if (!verified || verified.size >= MAX_VERIFIED) verifiedTokens.set(db, (verified = new Map()));
  verified.set(tokenHash, { client, until: Math.min(Date.now() + VERIFIED_FOR_MS, row.expiresAt.getTime()) });
  return client;
}
