import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "@termin/db/database";
import { tokenFamilies } from "@termin/db/account-schema";

/** Ends one sign-in: its refresh tokens stop rotating and its access tokens stop authenticating at once. */
export async function revokeFamily(db: Database, familyId: string, now = new Date()): Promise<void> {
  await db
    .update(tokenFamilies)
    .set({ revokedAt: now })
    .where(and(eq(tokenFamilies.id, familyId), isNull(tokenFamilies.revokedAt)));
}
