import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { notifications } from "@termin/db/account-schema";
import { AppError } from "../../http/app-error.ts";
import { ofSiteBusiness, type SiteReader } from "../../sites/read-context.ts";
import type { PageRequest } from "../../jsonapi/query.ts";
import { totalOverAll, totalOfPage } from "../read-only-resource.ts";
import { notificationColumns } from "./notification-columns.ts";
import type { NotificationRow } from "./serialize.ts";

/** `filter[unread]`: true for the unread ones, false for those already read. */
function readState(values: string[] | undefined) {
  if (!values) return undefined;
  const [value, ...rest] = values;
  if (rest.length > 0 || (value !== "true" && value !== "false")) {
    throw new AppError("invalid_parameter", "filter[unread] takes true or false.", { parameter: "filter[unread]" });
  }
  return value === "true" ? isNull(notifications.readAt) : isNotNull(notifications.readAt);
}

/**
 * A page of the client's own notifications, newest first, with how many of all of them are unread. On one
 * business's site, those about that business only (the product's own, such as the welcome, are the marketplace's).
 */
export async function listNotifications(
  { db, site }: SiteReader,
  options: { clientId: string; page: PageRequest; unread: string[] | undefined },
): Promise<{ rows: NotificationRow[]; total: number; unreadCount: number }> {
  const own = and(eq(notifications.clientId, options.clientId), ofSiteBusiness({ site }, notifications.businessId));
  const where = and(own, readState(options.unread));
  const unreadOnly = options.unread?.[0] === "true";
  const [rows, unreadAll] = await Promise.all([
    db
      .select({ ...notificationColumns, total: totalOverAll() })
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(options.page.size)
      .offset((options.page.number - 1) * options.page.size),
    // Asking for the unread ones counts them already (the menu badge asks so: one query).
    unreadOnly ? undefined : db.$count(notifications, and(own, isNull(notifications.readAt))),
  ]);
  const total = await totalOfPage(rows, options.page, () => db.$count(notifications, where));
  const unreadCount = unreadAll ?? total;
  return { rows, total, unreadCount };
}
