import { and, eq } from "drizzle-orm";
import { notifications } from "@termin/db/account-schema";
import type { Database } from "@termin/db/database";
import { AppError } from "../../http/app-error.ts";
import { isNotificationId, notificationColumns } from "./notification-columns.ts";
import type { NotificationRow } from "./serialize.ts";

export const noSuchNotification = (id: string) =>
  new AppError("not_found", `You have no notification with the id ${id}.`);

/** One of the client's own notifications; another client's answers 404 like an unknown one. */
export async function getNotification(
  db: Database,
  options: { clientId: string; id: string },
): Promise<NotificationRow> {
  if (!isNotificationId(options.id)) throw noSuchNotification(options.id);
  const [row] = await db
    .select(notificationColumns)
    .from(notifications)
    .where(and(eq(notifications.id, options.id), eq(notifications.clientId, options.clientId)));
  if (!row) throw noSuchNotification(options.id);
  return row;
}
