import { eq } from "drizzle-orm";
import type { Database } from "@termin/db/database";
import { accessTokens, refreshTokens } from "@termin/db/account-schema";
import { revokeFamily } from "./revoke-family.ts";
import { hashToken } from "./secret-tokens.ts";

/**
 * Token revocation (RFC 7009): signing out revokes the whole sign-in the token belongs to, whether the
 * refresh or the access token is presented. Unknown tokens are ignored: the caller learns nothing.
 */
export async function revokeToken(options: { db: Database; token: string }): Promise<void> {
  const { db } = options;
  const tokenHash = hashToken(options.token);
  const [refresh] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash));
  const [access] = refresh
    ? [undefined]
    : await db
        .select({ familyId: accessTokens.familyId })
        .from(accessTokens)
        .where(eq(accessTokens.tokenHash, tokenHash));
  const familyId = refresh?.familyId ?? access?.familyId;
  if (familyId) await revokeFamily(db, familyId);
}
