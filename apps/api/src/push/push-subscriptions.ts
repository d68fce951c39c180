import { and, eq, sql } from "drizzle-orm";
import type { Database } from "@termin/db/database";
import { pushSubscriptions, type PushPlatform, type PushProvider } from "@termin/db/push-schema";

export interface PushSubscriptionRow {
  id: string;
  provider: PushProvider;
  platforms: PushPlatform[];
  createdAt: Date;
  updatedAt: Date;
}

/**
 * Keeps a device's token for `clientId` (POST /auth/user-token): a new token is added; a known one is refreshed
 * and belongs from now on to whoever registered it last (one device, another client signed in). `created` says
 * which happened.
 */
export async function registerPushToken(
  db: Database,
  registration: { clientId: string; provider: PushProvider; token: string; platforms: PushPlatform[] },
): Promise<{ subscription: PushSubscriptionRow; created: boolean }> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ ...registration })
    .onConflictDoUpdate({
      target: pushSubscriptions.token,
      set: {
        clientId: sql`excluded.client_id`,
        provider: sql`excluded.provider`,
        platforms: sql`excluded.platforms`,
        updatedAt: sql`now()`,
      },
    })
    .returning({
      id: pushSubscriptions.id,
      provider: pushSubscriptions.provider,
      platforms: pushSubscriptions.platforms,
      createdAt: pushSubscriptions.createdAt,
      updatedAt: pushSubscriptions.updatedAt,
      // A row the statement inserted has no deleting transaction yet (PostgreSQL's xmax is 0).
      created: sql<boolean>`(xmax = 0)`,
    });
  if (!row) throw new Error("The push subscription was not written.");
  const { created, ...subscription } = row;
  return { subscription, created };
}

/** Drops the client's own registration of `token` (sign-out); another client's stays. Answers whether one went. */
export async function unregisterPushToken(db: Database, clientId: string, token: string): Promise<boolean> {
  const dropped = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.clientId, clientId), eq(pushSubscriptions.token, token)))
    .returning({ id: pushSubscriptions.id });
  return dropped.length > 0;
}
