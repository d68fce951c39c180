import type { NotificationResource } from "@termin/contracts/client-area-resources";
import type { notifications } from "@termin/db/account-schema";
import type { Language } from "@termin/domain/languages";
import { isNotificationKind } from "@termin/domain/notification-facts";
import { writeNotification } from "./write-notification.ts";

export type NotificationRow = Pick<
  typeof notifications.$inferSelect,
  "id" | "title" | "body" | "kind" | "facts" | "actionUrl" | "readAt" | "createdAt"
>;

export const notificationAttributes = ["title", "body", "action_url", "read", "created_at"] as const;

/** A notice of a known kind is written in `language` from its facts; a message without one is shown as stored. */
function words(row: NotificationRow, language: Language): { title: string; body: string } {
  const written =
    isNotificationKind(row.kind) && row.facts ? writeNotification(row.kind, row.facts, language) : undefined;
  return written ?? { title: row.title, body: row.body };
}

export function toNotificationResource(row: NotificationRow, language: Language): NotificationResource {
  return {
    type: "notifications",
    id: row.id,
    attributes: {
      ...words(row, language),
      action_url: row.actionUrl,
      read: row.readAt !== null,
      created_at: row.createdAt.toISOString(),
    },
    links: { self: `/v1c/notifications/${row.id}` },
  };
}
