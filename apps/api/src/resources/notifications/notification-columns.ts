import { notifications } from "@termin/db/account-schema";

/** The columns a notification resource is made of (never the owner's id). */
export const notificationColumns = {
  id: notifications.id,
  title: notifications.title,
  body: notifications.body,
  kind: notifications.kind,
  facts: notifications.facts,
  actionUrl: notifications.actionUrl,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a URL's id can name a notification at all (anything else is a 404, not a database error). */
export const isNotificationId = (id: string) => UUID.test(id);
