import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import type { ApiDependencies } from "../api-dependencies.ts";
import { requireClient } from "../auth/authenticate.ts";
import { AppError } from "../http/app-error.ts";
import { idempotentWrite } from "../http/idempotency.ts";
import { applySparseFields, collectionDocument, pageOf } from "../jsonapi/documents.ts";
import { parseCollectionQuery, parseResourceQuery, type CollectionRules } from "../jsonapi/query.ts";
import { isDatabaseId } from "../jsonapi/relationships.ts";
import { parseResourceDocument, relationshipTo } from "../jsonapi/request-body.ts";
import { refuseBookingOutsideSite } from "../sites/booking-within-site.ts";
import { seatsCount, zonedTime } from "./booking-body.ts";
import { HOLD_ATTRIBUTES, holdPointer, liveHolds, releaseHold, toHoldResource, type HoldRow } from "./booking-holds.ts";
import { hold } from "./sessions/book-or-seat.ts";
import { systemClock } from "../http/clock.ts";

export const newHold = z.object({
  attributes: z.object({ starts_at: zonedTime, seats_count: seatsCount.optional() }).strict(),
  relationships: z
    .object({
      servicePrice: relationshipTo("service-prices"),
      employee: z.object({ data: relationshipTo("employees").shape.data.nullable() }).optional(),
      location: relationshipTo("locations").optional(),
    })
    .strict(),
});

export const holdRules: CollectionRules<never, never> = {
  type: "booking-holds",
  attributes: HOLD_ATTRIBUTES,
  sortable: [],
  defaultSort: [],
  filters: {},
};

/**
 * `/v1c/booking-holds` (signed in): a time in the basket, kept for the client for a few minutes. Others no longer
 * see it free; booking it turns the hold into the appointment.
 */
export const holdRoutes: FastifyPluginAsync<ApiDependencies> = async (app, { database, clock = systemClock }) => {
  const db = database.db;

  const holdDocument = (hold: HoldRow) => ({ jsonapi: { version: "1.1" }, data: toHoldResource(hold) });

  app.post("/booking-holds", async (request, reply) => {
    const { clientId } = await requireClient(request, db, "appointments");
    const idempotent = idempotentWrite<ReturnType<typeof holdDocument>>({
      db,
      clientId,
      request,
      reply,
      locationOf: (document) => `/v1c/booking-holds/${document.data.id}`,
    });
    const { attributes, relationships } = parseResourceDocument(request.body, {
      type: "booking-holds",
      schema: newHold,
    });
    const employee = relationships.employee?.data;
    const servicePriceId = Number(relationships.servicePrice.data.id);
    await refuseBookingOutsideSite({ db, site: request.site }, [servicePriceId], (index) =>
      holdPointer(index, "service_price_id"),
    );
    return idempotent.answer<HoldRow>(
      201,
      (inTransaction) =>
        hold({
          db,
          clientId,
          services: [
            {
              servicePriceId,
              employeeId: employee ? Number(employee.id) : null,
              start: Date.parse(attributes.starts_at),
            },
          ],
          locationId: relationships.location ? Number(relationships.location.data.id) : undefined,
          seatsCount: attributes.seats_count,
          now: clock.now(),
          pointer: holdPointer,
          inTransaction,
        }),
      async (_reader, hold) => holdDocument(hold),
    );
  });

  app.get("/booking-holds", async (request, reply) => {
    const { clientId } = await requireClient(request, db, "appointments");
    const query = parseCollectionQuery(request.query as Record<string, string>, holdRules);
    const holds = await liveHolds({ db, site: request.site }, clientId, clock.now());
    reply.header("cache-control", "private, no-store");
    // A client holds a few times at most (a basket): read whole, paged here.
    return collectionDocument({
      url: new URL(request.url, "http://api"),
      data: pageOf(holds, query.page).map((hold) =>
        applySparseFields(toHoldResource(hold), query.fields[holdRules.type]),
      ),
      total: holds.length,
      page: query.page,
    });
  });

  /** A 201's Location: the client's own live hold; another client's, an expired or a released one is a 404. */
  app.get<{ Params: { id: string } }>("/booking-holds/:id", async (request, reply) => {
    const { clientId } = await requireClient(request, db, "appointments");
    const { fields } = parseResourceQuery(request.query as Record<string, string>, holdRules);
    const { id } = request.params;
    const [hold] = isDatabaseId(id)
      ? await liveHolds({ db, site: request.site }, clientId, clock.now(), Number(id))
      : [];
    if (!hold) throw new AppError("not_found", `You hold no time ${id}.`);
    reply.header("cache-control", "private, no-store");
    return { ...holdDocument(hold), data: applySparseFields(toHoldResource(hold), fields[holdRules.type]) };
  });

  app.delete<{ Params: { id: string } }>("/booking-holds/:id", async (request, reply) => {
    const { clientId } = await requireClient(request, db, "appointments");
    const { id } = request.params;
    if (!isDatabaseId(id)) throw new AppError("not_found", `You hold no time ${id}.`);
    const idempotent = idempotentWrite({ db, clientId, request, reply });
    return idempotent.answer(
      204,
      (inTransaction) =>
        releaseHold({ db, site: request.site, clientId, holdId: Number(id), now: clock.now(), inTransaction }),
      async () => undefined,
    );
  });
};
