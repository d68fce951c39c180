import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import type { ApiDependencies } from "../../api-dependencies.ts";
import { requireClient } from "../../auth/authenticate.ts";
import { applySparseFields, collectionDocument, singleDocument } from "../../jsonapi/documents.ts";
import { parseCollectionQuery, parseResourceQuery, type CollectionRules } from "../../jsonapi/query.ts";
import { parseResourceDocument } from "../../jsonapi/request-body.ts";
import { getNotification } from "./get-notification.ts";
import { listNotifications } from "./list-notifications.ts";
import { markAllNotificationsRead } from "./mark-all-notifications-read.ts";
import { markNotification } from "./mark-notification.ts";
import { noticeLanguage } from "./notice-language.ts";
import { notificationAttributes, toNotificationResource } from "./serialize.ts";

/** Always newest first: no other order is asked for. */
export const notificationRules: CollectionRules<never, "unread"> = {
  type: "notifications",
  attributes: notificationAttributes,
  sortable: [],
  defaultSort: [],
  filters: { unread: { oneOf: ["true", "false"] } },
  singleValued: ["unread"],
};

/** `read` is the one attribute a client changes; the rest is what the sender wrote. */
export const readChange = z.object({
  attributes: z.object({ read: z.boolean({ error: "read must be true or false." }) }).strict(),
});

type Query = Record<string, string>;

/** The signed-in client's notifications (spec section 6): list, read one, mark read or unread, mark all read. */
export const notificationRoutes: FastifyPluginAsync<ApiDependencies> = async (app, { database }) => {
  const db = database.db;
  const url = (request: { url: string }) => new URL(request.url, "http://api");
  const siteReader = (request: FastifyRequest) => ({ db, site: request.site });

  app.get("/notifications", async (request, reply) => {
    const { clientId } = await requireClient(request, db);
    const language = await noticeLanguage(db, request, reply, clientId);
    const query = parseCollectionQuery(request.query as Query, notificationRules);
    const { rows, total, unreadCount } = await listNotifications(siteReader(request), {
      clientId,
      page: query.page,
      unread: query.filter.unread,
    });
    return collectionDocument({
      url: url(request),
      data: rows.map((row) => applySparseFields(toNotificationResource(row, language), query.fields.notifications)),
      total,
      page: query.page,
      meta: { unread_count: unreadCount },
    });
  });

  app.post("/notifications/read-all", async (request) => {
    const { clientId } = await requireClient(request, db);
    const marked = await markAllNotificationsRead(siteReader(request), { clientId });
    return { jsonapi: { version: "1.1" }, meta: { marked_read: marked } };
  });

  app.get<{ Params: { id: string } }>("/notifications/:id", async (request, reply) => {
    const { clientId } = await requireClient(request, db);
    const language = await noticeLanguage(db, request, reply, clientId);
    const query = parseResourceQuery(request.query as Query, notificationRules);
    const row = await getNotification(siteReader(request), { clientId, id: request.params.id });
    return singleDocument({
      url: url(request),
      data: applySparseFields(toNotificationResource(row, language), query.fields.notifications),
    });
  });

  app.patch<{ Params: { id: string } }>("/notifications/:id", async (request, reply) => {
    const { clientId } = await requireClient(request, db);
    const language = await noticeLanguage(db, request, reply, clientId);
    const { id } = request.params;
    const change = parseResourceDocument(request.body, { type: "notifications", id, schema: readChange });
    const row = await markNotification(siteReader(request), { clientId, id, read: change.attributes.read });
    return singleDocument({ url: url(request), data: toNotificationResource(row, language) });
  });
};
