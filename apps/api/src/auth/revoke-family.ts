import { and, eq, isNull, ne } from "drizzle-orm";
import type { Database } from "@termin/db/database";
import { tokenFamilies } from "@termin/db/account-schema";

/** Ends one sign-in: its refresh tokens stop rotating and its access tokens stop authenticating at once. */
export async function revokeFamily(db: Database, familyId: string, now = new Date()): Promise<void> {
  await db
    .update(tokenFamilies)
    .set({ revokedAt: now })
    .where(and(eq(tokenFamilies.id, familyId), isNull(tokenFamilies.revokedAt)));
}

/** Signs a client out everywhere, or everywhere but `exceptFamilyId` (the device making the change). */
export async function revokeClientFamilies(options: {
  db: Database;
  clientId: string;
  exceptFamilyId?: string;
  now?: Date;
}): Promise<void> {
  const { db, clientId, exceptFamilyId } = options;
  await db
    .update(tokenFamilies)
    .set({ revokedAt: options.now ?? new Date() })
    .where(
      and(
        eq(tokenFamilies.clientId, clientId),
        isNull(tokenFamilies.revokedAt),
        exceptFamilyId ? ne(tokenFamilies.id, exceptFamilyId) : undefined,
      ),
    );
}
