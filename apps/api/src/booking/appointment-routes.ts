import { and, eq } from "drizzle-orm";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import type { ResourceObject } from "@termin/contracts/jsonapi";
import { appointmentClients } from "@termin/db/booking-schema";
import type { Site } from "@termin/contracts/site";
import type { Database } from "@termin/db/database";
import type { ApiDependencies } from "../api-dependencies.ts";
import { requireClient } from "../auth/authenticate.ts";
import { AppError } from "../http/app-error.ts";
import { idempotentWrite } from "../http/idempotency.ts";
import { applySparseFields, collectionDocument, singleDocument } from "../jsonapi/documents.ts";
import { parseCollectionQuery, parseResourceQuery, type CollectionRules } from "../jsonapi/query.ts";
import { isDatabaseId } from "../jsonapi/relationships.ts";
import { parseResourceDocument, relationshipTo } from "../jsonapi/request-body.ts";
import { APPOINTMENT_CLIENT_INCLUDES, loadAppointmentIncludes } from "./appointment-includes.ts";
import {
  readAppointmentClients,
  toAppointmentClientResource,
  toAppointmentResource,
  toAppointmentServiceResources,
  type AppointmentClientRow,
} from "./appointment-resources.ts";
import { bookingLinksOrigin, isSiteLocation, refuseBookingOutsideSite } from "../sites/booking-within-site.ts";
import { zonedTime, databaseIdString, seatsCount } from "./booking-body.ts";
import { calendarLink } from "./calendar/calendar-link.ts";
import { cancelAppointmentClient } from "./cancel-appointment-client.ts";
import { listAppointmentClients, type AppointmentClientFilter } from "./list-appointment-clients.ts";
import { servicesPointer } from "./plan-booking.ts";
import { rescheduleAppointment } from "./reschedule-appointment.ts";
import { book } from "./sessions/book-or-seat.ts";
import { systemClock } from "../http/clock.ts";

const TYPE = "appointment-clients";

export const appointmentClientRules: CollectionRules<never, AppointmentClientFilter> = {
  type: TYPE,
  attributes: [
    "client_note",
    "total_amount",
    "currency",
    "seats_count",
    "created_at",
    "starts_at",
    "ends_at",
    "cancellable_until",
    "ics_download_link",
  ],
  sortable: [],
  defaultSort: [],
  filters: { when: { oneOf: ["upcoming", "past"] } },
  singleValued: ["when"],
  includable: APPOINTMENT_CLIENT_INCLUDES,
};

const appointmentRules = { type: "appointments", attributes: ["starts_at", "ends_at", "capacity"] } as const;

const requestedService = z
  .object({
    service_price_id: databaseIdString("A service price id"),
    employee_id: databaseIdString("An employee id, or null for any employee").nullish(),
    starts_at: zonedTime,
  })
  .strict();

/** A move gives each service's new time, in the appointment's order; the price id may be repeated, not changed. */
export const movedAppointment = z.object({
  attributes: z
    .object({
      services: z
        .array(requestedService.partial({ service_price_id: true }))
        .min(1, "Give each service's new time.")
        .max(10, "An appointment has at most 10 services."),
    })
    .strict(),
});

export const newAppointment = z.object({
  attributes: z
    .object({
      client_note: z.string().max(1000, "At most 1000 characters.").nullish(),
      seats_count: seatsCount.optional(),
      services: z.array(requestedService).min(1, "Book at least one service.").max(10, "At most 10 services at once."),
    })
    .strict(),
  // Where, as a relationship (api-guide: references): needed only at a business with several places.
  relationships: z
    .object({ location: relationshipTo("locations").optional() })
    .strict()
    .optional(),
});

export const cancellation = z.object({
  relationships: z.object({ status: relationshipTo("appointment-statuses") }).strict(),
});

/** An appointment as a booking, a move or its links.self answer it: with the client's part and its services. */
interface AppointmentDocument extends Record<string, unknown> {
  jsonapi: { version: string };
  data: ResourceObject & { links: { self: string } };
  included: ResourceObject[];
}

export const appointmentRoutes: FastifyPluginAsync<ApiDependencies> = async (
  app,
  { database, config, clock = systemClock },
) => {
  const db = database.db;
  // The calendar file's link on the site asked (a business's own domain), as its e-mails give it.
  const serializeOptions = (site: Site) => ({
    now: clock.now(),
    calendarLink: (token: string) => calendarLink(bookingLinksOrigin(site) ?? config.publicUrl, token),
  });

  async function appointmentDocument(
    reader: Database,
    site: Site,
    clientId: string,
    appointmentClientId: number,
  ): Promise<AppointmentDocument> {
    const [row] = await readAppointmentClients(reader, clientId, [appointmentClientId]);
    if (!row) throw new Error(`appointment client ${appointmentClientId} vanished after it was written`);
    return {
      jsonapi: { version: "1.1" },
      data: toAppointmentResource(row),
      included: [
        toAppointmentClientResource(row, serializeOptions(site)),
        ...toAppointmentServiceResources(row),
        ...(await loadAppointmentIncludes(reader, [row], ["paymentLinks"], config.publicUrl)),
      ],
    };
  }

  app.post("/appointments", async (request, reply) => {
    const { clientId } = await requireClient(request, db, "appointments");
    const idempotent = idempotentWrite<AppointmentDocument>({
      db,
      clientId,
      request,
      reply,
      locationOf: (document) => document.data.links.self,
    });
    const { attributes, relationships } = parseResourceDocument(request.body, {
      type: "appointments",
      schema: newAppointment,
    });
    const location = relationships?.location?.data;
    await refuseBookingOutsideSite(
      { db, site: request.site },
      attributes.services.map((service) => Number(service.service_price_id)),
      (index) => servicesPointer(index, "service_price_id"),
    );
    return idempotent.answer<number>(
      201,
      (inTransaction) =>
        book({
          db,
          clientId,
          locationId: location ? Number(location.id) : undefined,
          clientNote: attributes.client_note ?? null,
          siteOrigin: bookingLinksOrigin(request.site),
          services: attributes.services.map((service) => ({
            servicePriceId: Number(service.service_price_id),
            employeeId: service.employee_id ? Number(service.employee_id) : null,
            start: Date.parse(service.starts_at),
          })),
          seatsCount: attributes.seats_count,
          now: clock.now(),
          pointer: servicesPointer,
          inTransaction,
        }),
      (reader, appointmentClientId) => appointmentDocument(reader, request.site, clientId, appointmentClientId),
    );
  });

  /**
   * The client's own part of appointment `id`; another client's appointment, or one at another business than the
   * site's, is as unknown as a missing one.
   */
  const ownAppointment = async (request: FastifyRequest<{ Params: { id: string } }>, clientId: string) => {
    const notFound = () => new AppError("not_found", `You have no appointment ${request.params.id}.`);
    if (!isDatabaseId(request.params.id)) throw notFound();
    const [own] = await db
      .select({ id: appointmentClients.id })
      .from(appointmentClients)
      .where(
        and(eq(appointmentClients.appointmentId, Number(request.params.id)), eq(appointmentClients.clientId, clientId)),
      );
    const [row] = own ? await readAppointmentClients(db, clientId, [own.id]) : [];
    if (!row || !(await isSiteLocation({ db, site: request.site }, row.locationId))) throw notFound();
    return row;
  };

  // Every appointment's links.self, and the Location of a new booking.
  app.get<{ Params: { id: string } }>("/appointments/:id", async (request) => {
    // One shape, its parts always included: fields[appointments] may narrow it, nothing else is read.
    const { fields } = parseResourceQuery(request.query as Record<string, string>, appointmentRules);
    const { clientId } = await requireClient(request, db, "appointments");
    const row = await ownAppointment(request, clientId);
    const document = await appointmentDocument(db, request.site, clientId, row.id);
    return { ...document, data: applySparseFields(document.data, fields.appointments) };
  });

  app.patch<{ Params: { id: string } }>("/appointments/:id", async (request, reply) => {
    const { clientId } = await requireClient(request, db, "appointments");
    const idempotent = idempotentWrite<AppointmentDocument>({ db, clientId, request, reply });
    const row = await ownAppointment(request, clientId);
    const { attributes } = parseResourceDocument(request.body, {
      type: "appointments",
      id: request.params.id,
      schema: movedAppointment,
    });
    return idempotent.answer(
      200,
      (inTransaction) =>
        rescheduleAppointment({
          db,
          row,
          services: attributes.services.map((service) => ({
            servicePriceId: service.service_price_id === undefined ? undefined : Number(service.service_price_id),
            employeeId: service.employee_id ? Number(service.employee_id) : null,
            start: Date.parse(service.starts_at),
          })),
          now: clock.now(),
          inTransaction,
        }),
      (reader) => appointmentDocument(reader, request.site, clientId, row.id),
    );
  });

  const documentOf = async (
    rows: AppointmentClientRow[],
    { include, fields }: { include: readonly string[]; fields: Record<string, readonly string[]> },
    site: Site,
  ) => ({
    data: rows.map((row) => applySparseFields(toAppointmentClientResource(row, serializeOptions(site)), fields[TYPE])),
    included: await loadAppointmentIncludes(db, rows, include, config.publicUrl),
  });

  app.get("/appointment-clients", async (request) => {
    const { clientId } = await requireClient(request, db, "appointments");
    const query = parseCollectionQuery(request.query as Record<string, string>, appointmentClientRules);
    const { ids, total } = await listAppointmentClients(db, {
      clientId,
      site: request.site,
      page: query.page,
      filter: query.filter,
    });
    const rows = await readAppointmentClients(db, clientId, ids);
    const { data, included } = await documentOf(rows, query, request.site);
    return collectionDocument({ url: new URL(request.url, "http://api"), data, included, total, page: query.page });
  });

  const ownRow = async (request: FastifyRequest<{ Params: { id: string } }>, clientId: string) => {
    const notFound = () => new AppError("not_found", `You have no appointment ${request.params.id}.`);
    if (!isDatabaseId(request.params.id)) throw notFound();
    const [row] = await readAppointmentClients(db, clientId, [Number(request.params.id)]);
    if (!row || !(await isSiteLocation({ db, site: request.site }, row.locationId))) throw notFound();
    return row;
  };

  app.get<{ Params: { id: string } }>("/appointment-clients/:id", async (request) => {
    const { clientId } = await requireClient(request, db, "appointments");
    const query = parseResourceQuery(request.query as Record<string, string>, appointmentClientRules);
    const row = await ownRow(request, clientId);
    const { data, included } = await documentOf([row], query, request.site);
    return singleDocument({ url: new URL(request.url, "http://api"), data: data[0] as ResourceObject, included });
  });

  app.patch<{ Params: { id: string } }>("/appointment-clients/:id", async (request, reply) => {
    const { clientId } = await requireClient(request, db, "appointments");
    const idempotent = idempotentWrite<{ jsonapi: { version: string }; data: ResourceObject }>({
      db,
      clientId,
      request,
      reply,
    });
    const row = await ownRow(request, clientId);
    const { relationships } = parseResourceDocument(request.body, {
      type: "appointment-clients",
      id: request.params.id,
      schema: cancellation,
    });
    return idempotent.answer(
      200,
      (inTransaction) =>
        cancelAppointmentClient({
          db,
          row,
          statusId: Number(relationships.status.data.id),
          now: clock.now(),
          inTransaction,
        }),
      async (reader) => {
        const [updated] = await readAppointmentClients(reader, clientId, [row.id]);
        return {
          jsonapi: { version: "1.1" },
          data: toAppointmentClientResource(updated ?? row, serializeOptions(request.site)),
        };
      },
    );
  });
};
