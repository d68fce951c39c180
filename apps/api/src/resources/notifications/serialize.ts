import type { NotificationResource } from "@termin/contracts/client-area-resources";
import type { notifications } from "@termin/db/account-schema";
import type { Language } from "@termin/domain/languages";
import { isNotificationKind, type NotificationFacts } from "@termin/domain/notification-facts";
import { writeNotification } from "./write-notification.ts";

export type NotificationRow = Pick<
  typeof notifications.$inferSelect,
  "id" | "title" | "body" | "kind" | "facts" | "actionUrl" | "readAt" | "createdAt"
>;

export const notificationAttributes = [
  "title",
  "body",
  "language",
  "names",
  "action_url",
  "read",
  "created_at",
] as const;

/** The facts that are names: a reader's page or translator leaves them as they are. */
const NAME_FACTS = new Set(["place", "business", "services", "appName"]);

const namesIn = (facts: NotificationFacts): string[] =>
  Object.entries(facts)
    .filter(([key]) => NAME_FACTS.has(key))
    .flatMap(([, value]: [string, unknown]) => (Array.isArray(value) ? value : [value]))
    .filter((name): name is string => typeof name === "string" && name !== "");

/** A notice of a known kind is written in `language` from its facts; a message without one is shown as stored. */
function words(
  row: NotificationRow,
  language: Language,
): { title: string; body: string; language: Language | null; names: string[] } {
  const written =
    isNotificationKind(row.kind) && row.facts ? writeNotification(row.kind, row.facts, language) : undefined;
  if (written && row.facts) return { ...written, language, names: namesIn(row.facts) };
  return { title: row.title, body: row.body, language: null, names: [] };
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
