import type { FastifyPluginAsync } from "fastify";
import type { AvailableSlotResource } from "@termin/contracts/booking-resources";
import { appointmentClients } from "@termin/db/booking-schema";
import { employees } from "@termin/db/catalogue-schema";
import { and, eq, inArray } from "drizzle-orm";
import type { Slot } from "@termin/domain/booking/types";
import type { ApiDependencies } from "../api-dependencies.ts";
import { requireClient } from "../auth/authenticate.ts";
import { AppError } from "../http/app-error.ts";
import { applySparseFields, unpagedLinks } from "../jsonapi/documents.ts";
import { parseCollectionQuery, type CollectionRules } from "../jsonapi/query.ts";
import { toMany } from "../jsonapi/relationships.ts";
import { employeeAttributes } from "../resources/employees/serialize.ts";
import { isSiteLocation } from "../sites/booking-within-site.ts";
import { zonedTime } from "./booking-body.ts";
import { findAvailableSlots } from "./find-available-slots.ts";
import { systemClock } from "../http/clock.ts";

type SlotFilter =
  "service_price_id" | "location_id" | "employee_id" | "date_from" | "date_to" | "back_to_back_at" | "appointment_id";

export const availableSlotRules: CollectionRules<never, SlotFilter> = {
  type: "available-slots",
  attributes: ["starts_at", "ends_at"],
  sortable: [],
  defaultSort: [],
  filters: {
    service_price_id: "id",
    location_id: "id",
    employee_id: "id",
    date_from: "text",
    date_to: "text",
    back_to_back_at: "text",
    appointment_id: "id",
  },
  singleValued: [
    "service_price_id",
    "location_id",
    "employee_id",
    "date_from",
    "date_to",
    "back_to_back_at",
    "appointment_id",
  ],
  requiredFilters: ["service_price_id", "location_id"],
  includable: ["employees"],
  relatedTypes: { employees: employeeAttributes },
};

function toSlotResource(slot: Slot): AvailableSlotResource {
  return {
    type: "available-slots",
    id: slot.startsAt,
    attributes: { starts_at: slot.startsAt, ends_at: slot.endsAt },
    relationships: { employees: toMany("employees", slot.employeeIds) },
  };
}

const isRequired = (filter: SlotFilter) => availableSlotRules.requiredFilters?.includes(filter) ?? false;

/** The one value of a filter (the rules refuse a list), or undefined; a missing required filter is a 400 naming it. */
function one(values: string[] | undefined, filter: SlotFilter, required: boolean): string | undefined {
  const parameter = `filter[${filter}]`;
  if (values === undefined || values.length === 0) {
    if (required) throw new AppError("invalid_parameter", `${parameter} is required.`, { parameter });
    return undefined;
  }
  return values[0];
}

/**
 * The appointment a signed-in client moves (`filter[appointment_id]`), checked to be one of theirs: another
 * client's, or none, is refused alike, so the filter tells nobody what exists.
 */
async function movingAppointment(
  db: ApiDependencies["database"]["db"],
  value: string | undefined,
  clientId: string | undefined,
): Promise<number | undefined> {
  if (value === undefined || clientId === undefined) return undefined;
  const parameter = "filter[appointment_id]";
  const [own] = await db
    .select({ id: appointmentClients.appointmentId })
    .from(appointmentClients)
    .where(and(eq(appointmentClients.appointmentId, Number(value)), eq(appointmentClients.clientId, clientId)))
    .limit(1);
  if (!own) throw new AppError("invalid_parameter", `${parameter} is not one of your appointments.`, { parameter });
  return own.id;
}

/** Documents written per address, for the same slots at most this many. */
const WRITTEN_PER_SLOTS = 16;
const writtenOf = new WeakMap<readonly Slot[], Map<string, string>>();

/**
 * The document for these slots at this address, written once: the same slots (the same array: made once per kept
 * read, see find-available-slots.ts `madeSlots`) asked at the same address give the same bytes. A signed-in client's
 * slots, or slots cut by the lead time, are a new array each time and are written afresh.
 */
function writtenOnce(slots: readonly Slot[], address: string, write: () => string): string {
  let written = writtenOf.get(slots);
  if (!written) {
    written = new Map();
    writtenOf.set(slots, written);
  }
  const found = written.get(address);
  if (found !== undefined) return found;
  const body = write();
  if (written.size < WRITTEN_PER_SLOTS) written.set(address, body);
  return body;
}

/**
 * `GET /v1c/available-slots`: free start times, never cached by others (they change with every booking); kept in
 * memory only as long as the location's claims are unchanged (decision 0045).
 */
export const availableSlotRoutes: FastifyPluginAsync<ApiDependencies> = async (
  app,
  { database, clock = systemClock },
) => {
  app.get("/available-slots", async (request, reply) => {
    const raw = request.query as Record<string, string>;
    const paging = Object.keys(raw).find((name) => name.startsWith("page["));
    if (paging) {
      throw new AppError("invalid_parameter", "available-slots is not paged: ask for fewer dates instead.", {
        parameter: paging,
      });
    }
    const query = parseCollectionQuery(raw, availableSlotRules);
    const { filter } = query;
    const employeeId = one(filter.employee_id, "employee_id", false);
    const moving = one(filter.appointment_id, "appointment_id", false);
    // Moving an appointment is the client's own business: that filter needs their token.
    const viewer =
      request.headers.authorization || moving !== undefined
        ? await requireClient(request, database.db, "appointments")
        : undefined;
    const backToBackAt = one(filter.back_to_back_at, "back_to_back_at", false);
    if (backToBackAt !== undefined && !zonedTime.safeParse(backToBackAt).success) {
      throw new AppError(
        "invalid_parameter",
        "filter[back_to_back_at] is an instant with its offset, e.g. 2026-12-01T10:40:00+02:00.",
        { parameter: "filter[back_to_back_at]" },
      );
    }
    const servicePriceId = Number(one(filter.service_price_id, "service_price_id", isRequired("service_price_id")));
    const locationId = Number(one(filter.location_id, "location_id", isRequired("location_id")));
    // Another business's place is as unknown on a business's own site as one that does not exist.
    if (!(await isSiteLocation({ db: database.db, site: request.site }, locationId))) {
      throw new AppError("not_found", `Location ${locationId} does not offer the service price ${servicePriceId}.`);
    }
    const { slots, timeZone, dateFrom, dateTo, onlineBooking } = await findAvailableSlots({
      db: database.db,
      servicePriceId,
      locationId,
      employeeId: employeeId === undefined ? undefined : Number(employeeId),
      dateFrom: one(filter.date_from, "date_from", false),
      dateTo: one(filter.date_to, "date_to", false),
      backToBackAt: backToBackAt === undefined ? undefined : Date.parse(backToBackAt),
      now: clock.now(),
      clientId: viewer?.clientId,
      movingAppointmentId: await movingAppointment(database.db, moving, viewer?.clientId),
    });
    const employeeIds = [...new Set(slots.flatMap((slot) => slot.employeeIds))].map(Number);
    const included =
      query.include.includes("employees") && employeeIds.length > 0
        ? (
            await database.db
              .select({
                id: employees.id,
                firstName: employees.firstName,
                lastName: employees.lastName,
                title: employees.title,
              })
              .from(employees)
              .where(inArray(employees.id, employeeIds))
          ).map((row) =>
            applySparseFields(
              {
                type: "employees",
                id: String(row.id),
                attributes: { first_name: row.firstName, last_name: row.lastName, title: row.title },
                links: { self: `/v1c/employees/${row.id}` },
              },
              query.fields.employees,
            ),
          )
        : [];
    reply.header("cache-control", "private, no-store");
    const document = () => ({
      jsonapi: { version: "1.1" },
      data: slots.map((slot) => applySparseFields(toSlotResource(slot), query.fields[availableSlotRules.type])),
      ...(included.length > 0 ? { included } : {}),
      meta: {
        time_zone: timeZone,
        date_from: dateFrom,
        date_to: dateTo,
        total: slots.length,
        // No times because the business books by phone only: say so, so no one waits for next week.
        online_booking: onlineBooking,
      },
      links: unpagedLinks(new URL(request.url, "http://api")),
    });
    if (included.length > 0) return document();
    reply.type("application/json; charset=utf-8");
    return writtenOnce(slots, request.url, () => JSON.stringify(document()));
  });
};
