import { sql } from "drizzle-orm";
import { notifications } from "@termin/db/account-schema";
import type { SiteReader } from "../../sites/read-context.ts";
import { noSuchNotification, ownNotification } from "./get-notification.ts";
import { isNotificationId, notificationColumns } from "./notification-columns.ts";
import type { NotificationRow } from "./serialize.ts";

/**
 * Marks one of the client's notifications read or unread. Reading it again keeps when it was first read;
 * unread clears that.
 */
export async function markNotification(
  context: SiteReader,
  options: { clientId: string; id: string; read: boolean },
): Promise<NotificationRow> {
  if (!isNotificationId(options.id)) throw noSuchNotification(options.id);
  const [row] = await context.db
    .update(notifications)
    .set({ readAt: options.read ? sql`coalesce(${notifications.readAt}, now())` : null })
    .where(ownNotification(context, options))
    .returning(notificationColumns);
  if (!row) throw noSuchNotification(options.id);
  return row;
}
