import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import type { ApiDependencies } from "../../api-dependencies.ts";
import { requireClient } from "../../auth/authenticate.ts";
import { AppError } from "../../http/app-error.ts";
import { systemClock } from "../../http/clock.ts";
import { idempotentWrite } from "../../http/idempotency.ts";
import { applySparseFields, collectionDocument, pageOf } from "../../jsonapi/documents.ts";
import { parseCollectionQuery, parseResourceQuery, type CollectionRules } from "../../jsonapi/query.ts";
import { isDatabaseId } from "../../jsonapi/relationships.ts";
import { parseResourceDocument, relationshipTo } from "../../jsonapi/request-body.ts";
import type { SiteReader } from "../../sites/read-context.ts";
import { seatsCount } from "../booking-body.ts";
import {
  WAITLIST_ATTRIBUTES,
  joinWaitlist,
  leaveWaitlist,
  readWaitlistEntries,
  toWaitlistEntryResource,
} from "./waitlist-entries.ts";

export const newWaitlistEntry = z.object({
  attributes: z.object({ seats_count: seatsCount.optional() }).strict().optional(),
  relationships: z.object({ classSession: relationshipTo("class-sessions") }).strict(),
});

export const waitlistRules: CollectionRules<never, never> = {
  type: "waitlist-entries",
  attributes: WAITLIST_ATTRIBUTES,
  sortable: [],
  defaultSort: [],
  filters: {},
};

/**
 * `/v1c/waitlist-entries` (signed in): the client's places in line for full class sessions. When seats free up,
 * the first in line has them held for 30 minutes (a booking hold, in their basket) and is told.
 */
export const waitlistRoutes: FastifyPluginAsync<ApiDependencies> = async (app, { database, clock = systemClock }) => {
  const db = database.db;
  const entryDocument = async (reader: SiteReader, clientId: string, id: number) => {
    const [row] = await readWaitlistEntries(reader, clientId, clock.now(), id);
    if (!row) throw new AppError("not_found", `You have no waitlist entry ${id}.`);
    return { jsonapi: { version: "1.1" }, data: toWaitlistEntryResource(row) };
  };

  app.post("/waitlist-entries", async (request, reply) => {
    const { clientId } = await requireClient(request, db, "appointments");
    const idempotent = idempotentWrite<Awaited<ReturnType<typeof entryDocument>>>({
      db,
      clientId,
      request,
      reply,
      locationOf: (document) => `/v1c/waitlist-entries/${document.data.id}`,
    });
    const { attributes, relationships } = parseResourceDocument(request.body, {
      type: "waitlist-entries",
      schema: newWaitlistEntry,
    });
    return idempotent.answer<number>(
      201,
      (inTransaction) =>
        joinWaitlist({
          db,
          site: request.site,
          clientId,
          appointmentId: Number(relationships.classSession.data.id),
          seatsCount: attributes?.seats_count ?? 1,
          now: clock.now(),
          inTransaction,
        }),
      (reader, id) => entryDocument({ db: reader, site: request.site }, clientId, id),
    );
  });

  app.get("/waitlist-entries", async (request, reply) => {
    const { clientId } = await requireClient(request, db, "appointments");
    const query = parseCollectionQuery(request.query as Record<string, string>, waitlistRules);
    const rows = await readWaitlistEntries({ db, site: request.site }, clientId, clock.now());
    reply.header("cache-control", "private, no-store");
    return collectionDocument({
      url: new URL(request.url, "http://api"),
      data: pageOf(rows, query.page).map((row) =>
        applySparseFields(toWaitlistEntryResource(row), query.fields[waitlistRules.type]),
      ),
      total: rows.length,
      page: query.page,
    });
  });

  app.get<{ Params: { id: string } }>("/waitlist-entries/:id", async (request, reply) => {
    const { clientId } = await requireClient(request, db, "appointments");
    const { fields } = parseResourceQuery(request.query as Record<string, string>, waitlistRules);
    const { id } = request.params;
    if (!isDatabaseId(id)) throw new AppError("not_found", `You have no waitlist entry ${id}.`);
    const document = await entryDocument({ db, site: request.site }, clientId, Number(id));
    reply.header("cache-control", "private, no-store");
    return { ...document, data: applySparseFields(document.data, fields[waitlistRules.type]) };
  });

  app.delete<{ Params: { id: string } }>("/waitlist-entries/:id", async (request, reply) => {
    const { clientId } = await requireClient(request, db, "appointments");
    const { id } = request.params;
    if (!isDatabaseId(id)) throw new AppError("not_found", `You have no waitlist entry ${id}.`);
    const idempotent = idempotentWrite({ db, clientId, request, reply });
    return idempotent.answer(
      204,
      (inTransaction) =>
        leaveWaitlist({ db, site: request.site, clientId, entryId: Number(id), now: clock.now(), inTransaction }),
      async () => undefined,
    );
  });
};
