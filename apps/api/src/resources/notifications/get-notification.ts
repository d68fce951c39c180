import { and, eq } from "drizzle-orm";
import { notifications } from "@termin/db/account-schema";
import { AppError } from "../../http/app-error.ts";
import { ofSiteBusiness, type SiteReader } from "../../sites/read-context.ts";
import { isNotificationId, notificationColumns } from "./notification-columns.ts";
import type { NotificationRow } from "./serialize.ts";

export const noSuchNotification = (id: string) =>
  new AppError("not_found", `You have no notification with the id ${id}.`);

/** Conditions on one of the client's own notifications (on one business's site, about that business). */
export const ownNotification = (context: Pick<SiteReader, "site">, options: { clientId: string; id: string }) =>
  and(
    eq(notifications.id, options.id),
    eq(notifications.clientId, options.clientId),
    ofSiteBusiness(context, notifications.businessId),
  );

/** One of the client's own notifications; another client's (or business's, on its site) answers 404 like an unknown one. */
export async function getNotification(
  context: SiteReader,
  options: { clientId: string; id: string },
): Promise<NotificationRow> {
  if (!isNotificationId(options.id)) throw noSuchNotification(options.id);
  const [row] = await context.db
    .select(notificationColumns)
    .from(notifications)
    .where(ownNotification(context, options));
  if (!row) throw noSuchNotification(options.id);
  return row;
}
