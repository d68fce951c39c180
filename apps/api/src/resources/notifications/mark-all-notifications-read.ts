import { and, eq, isNull, sql } from "drizzle-orm";
import { notifications } from "@termin/db/account-schema";
import { ofSiteBusiness, type SiteReader } from "../../sites/read-context.ts";

/** Marks every unread notification of the client the site lists read; answers how many were unread. */
export async function markAllNotificationsRead(
  { db, site }: SiteReader,
  options: { clientId: string },
): Promise<number> {
  const marked = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.clientId, options.clientId),
        isNull(notifications.readAt),
        ofSiteBusiness({ site }, notifications.businessId),
      ),
    )
    .returning({ id: notifications.id });
  return marked.length;
}
