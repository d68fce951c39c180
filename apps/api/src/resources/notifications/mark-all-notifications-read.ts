import { and, eq, isNull, sql } from "drizzle-orm";
import { notifications } from "@termin/db/account-schema";
import type { Database } from "@termin/db/database";

/** Marks every unread notification of the client read; answers how many were unread. */
export async function markAllNotificationsRead(db: Database, options: { clientId: string }): Promise<number> {
  const marked = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.clientId, options.clientId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return marked.length;
}
