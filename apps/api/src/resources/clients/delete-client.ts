import { and, eq, isNull } from "drizzle-orm";
import { clientAvatars, clients, tokenFamilies } from "@termin/db/account-schema";
import type { Database } from "@termin/db/database";
import { pushSubscriptions } from "@termin/db/push-schema";

/**
 * Deletes an account (soft: the row stays, marked deleted_at, for the business's records of past visits).
 * Every sign-in is revoked, so each device is signed out at once; the e-mail address is free for a new
 * sign-up (the unique index covers live accounts only). The picture is erased: it is public by URL. Its devices'
 * push registrations go too: nothing is pushed to a deleted account (decision 0050).
 */
export async function deleteClient(options: { db: Database; clientId: string; now?: Date }): Promise<void> {
  const { db, clientId } = options;
  const now = options.now ?? new Date();
  await db.transaction(async (tx) => {
    await tx.update(clients).set({ deletedAt: now, avatarId: null }).where(eq(clients.id, clientId));
    await tx.delete(clientAvatars).where(eq(clientAvatars.clientId, clientId));
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.clientId, clientId));
    await tx
      .update(tokenFamilies)
      .set({ revokedAt: now })
      .where(and(eq(tokenFamilies.clientId, clientId), isNull(tokenFamilies.revokedAt)));
  });
}
