import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "@termin/db/database";
import { accessTokens, clients, tokenFamilies } from "@termin/db/account-schema";
import { AppError } from "../http/app-error.ts";
import { hashToken } from "./secret-tokens.ts";

export interface SignedInClient {
  clientId: string;
  familyId: string;
}

/** The bearer token of `Authorization: Bearer <token>` (case-insensitive scheme), if any. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  return match?.[1];
}

/**
 * The client a request acts for, or a 401. A token is valid while unexpired, its sign-in (family) is not
 * revoked and the account is not deleted. Login-required routes call this first.
 */
export async function requireClient(
  request: { headers: { authorization?: string | undefined } },
  db: Database,
): Promise<SignedInClient> {
  const token = bearerToken(request.headers.authorization);
  if (!token) {
    throw new AppError("unauthenticated", "Sign in to see this.", { header: "Authorization" });
  }
  const [row] = await db
    .select({ clientId: tokenFamilies.clientId, familyId: tokenFamilies.id })
    .from(accessTokens)
    .innerJoin(tokenFamilies, eq(tokenFamilies.id, accessTokens.familyId))
    .innerJoin(clients, eq(clients.id, tokenFamilies.clientId))
    .where(
      and(
        eq(accessTokens.tokenHash, hashToken(token)),
        gt(accessTokens.expiresAt, new Date()),
        isNull(tokenFamilies.revokedAt),
        isNull(clients.deletedAt),
      ),
    )
    .limit(1);
  if (!row) {
    throw new AppError("invalid_token", "Your session has expired or is not valid. Please sign in again.", {
      header: "Authorization",
    });
  }
  return row;
}
