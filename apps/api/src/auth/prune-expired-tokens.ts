import { and, eq, lt, notExists } from "drizzle-orm";
import type { Database } from "@termin/db/database";
import { accessTokens, oneTimeTokens, refreshTokens, tokenFamilies } from "@termin/db/account-schema";
import { oauthAuthorizationCodes } from "@termin/db/oauth-schema";

/** A family younger than this may be between its insert and its first tokens' (another process). */
const FAMILY_GRACE_MS = 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60_000;
/** Spent and expired authorization codes stay a day, so a replay that late still revokes what the code became. */
const CODE_KEPT_MS = 24 * 60 * 60 * 1000;
let lastPrunedAt = 0;

/**
 * Deletes tokens that can authenticate nobody any more: expired access, refresh and e-mailed one-time tokens,
 * authorization codes a day after they expired, and sign-ins (families) with no token left. Spent refresh tokens
 * and revoked families stay until their tokens expire: recognising a reused token needs them.
 */
export async function pruneExpiredTokens(db: Database, now = new Date()): Promise<void> {
  await db.delete(accessTokens).where(lt(accessTokens.expiresAt, now));
  await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, now));
  await db.delete(oneTimeTokens).where(lt(oneTimeTokens.expiresAt, now));
  await db
    .delete(oauthAuthorizationCodes)
    .where(lt(oauthAuthorizationCodes.expiresAt, new Date(now.getTime() - CODE_KEPT_MS)));
  await db
    .delete(tokenFamilies)
    .where(
      and(
        lt(tokenFamilies.createdAt, new Date(now.getTime() - FAMILY_GRACE_MS)),
        notExists(db.select().from(refreshTokens).where(eq(refreshTokens.familyId, tokenFamilies.id))),
        notExists(db.select().from(accessTokens).where(eq(accessTokens.familyId, tokenFamilies.id))),
      ),
    );
}

/** Prunes at most once a minute per process; sign-ins and renewals call it, so no scheduler is needed. */
export async function pruneExpiredTokensNowAndThen(db: Database, now = new Date()): Promise<void> {
  if (now.getTime() - lastPrunedAt < PRUNE_EVERY_MS) return;
  lastPrunedAt = now.getTime();
  await pruneExpiredTokens(db, now);
}
