import type { NotificationResource } from "@termin/contracts/client-area-resources";
import type { notifications } from "@termin/db/account-schema";

export type NotificationRow = Pick<
  typeof notifications.$inferSelect,
  "id" | "title" | "body" | "actionUrl" | "readAt" | "createdAt"
>;

export const notificationAttributes = ["title", "body", "action_url", "read", "created_at"] as const;

export function toNotificationResource(row: NotificationRow): NotificationResource {
  return {
    type: "notifications",
    id: row.id,
    attributes: {
      title: row.title,
      body: row.body,
      action_url: row.actionUrl,
      read: row.readAt !== null,
      created_at: row.createdAt.toISOString(),
    },
    links: { self: `/v1c/notifications/${row.id}` },
  };
}
