import type { FastifyPluginAsync } from "fastify";
import type { ApiDependencies } from "../api-dependencies.ts";
import { AppError } from "../http/app-error.ts";
import { systemClock } from "../http/clock.ts";
import { applySparseFields, singleDocument, unpagedLinks } from "../jsonapi/documents.ts";
import { parseCollectionQuery, parseResourceQuery, type CollectionRules } from "../jsonapi/query.ts";
import { isDatabaseId } from "../jsonapi/relationships.ts";
import { employeeAttributes } from "../resources/employees/serialize.ts";
import { locationAttributes } from "../resources/locations/serialize.ts";
import { servicePriceAttributes } from "../resources/service-prices/serialize.ts";
import { serviceAttributes } from "../resources/services/serialize.ts";
import {
  CLASS_SESSION_INCLUDES,
  classSessionAttributes,
  loadClassSessionIncludes,
  toClassSessionResource,
} from "./class-session-resources.ts";
import { readContextOf } from "../sites/read-context.ts";
import { findClassSession, listClassSessions } from "./list-class-sessions.ts";

type SessionFilter = "location_id" | "city_id" | "service_id" | "employee_id" | "date_from" | "date_to";

export const classSessionRules: CollectionRules<never, SessionFilter> = {
  type: "class-sessions",
  attributes: classSessionAttributes,
  sortable: [],
  defaultSort: [],
  filters: {
    location_id: "id",
    city_id: "id",
    service_id: "id",
    employee_id: "id",
    date_from: "text",
    date_to: "text",
  },
  singleValued: ["location_id", "city_id", "service_id", "employee_id", "date_from", "date_to"],
  includable: CLASS_SESSION_INCLUDES,
  relatedTypes: {
    services: serviceAttributes,
    "service-prices": servicePriceAttributes,
    employees: employeeAttributes,
    locations: locationAttributes,
  },
};

const numberOf = (values: string[] | undefined) => (values?.[0] === undefined ? undefined : Number(values[0]));

/**
 * `GET /v1c/class-sessions` and `/v1c/class-sessions/{id}`: the sessions of classes and their seats left. Public,
 * so kept a second like the catalogue: any write to places, holds or appointments forgets them (decision 0039).
 */
export const classSessionRoutes: FastifyPluginAsync<ApiDependencies> = async (
  app,
  { database, clock = systemClock },
) => {
  const db = database.db;
  const narrow = <T extends { type: string }>(item: T, fields: Record<string, string[]>) =>
    applySparseFields(item as never, fields[item.type]) as T;

  app.get("/class-sessions", async (request, reply) => {
    const raw = request.query as Record<string, string>;
    const paging = Object.keys(raw).find((name) => name.startsWith("page["));
    if (paging) {
      throw new AppError("invalid_parameter", "class-sessions is not paged: ask for fewer dates instead.", {
        parameter: paging,
      });
    }
    const query = parseCollectionQuery(raw, classSessionRules);
    const { filter } = query;
    if (filter.location_id === undefined && filter.city_id === undefined) {
      throw new AppError("invalid_parameter", "Give filter[location_id] or filter[city_id].", {
        parameter: "filter[location_id]",
      });
    }
    const context = readContextOf(request, reply, db);
    const { rows, dateFrom, dateTo } = await listClassSessions(
      context,
      {
        locationId: numberOf(filter.location_id),
        cityId: filter.location_id === undefined ? numberOf(filter.city_id) : undefined,
        serviceId: numberOf(filter.service_id),
        employeeId: numberOf(filter.employee_id),
        dateFrom: filter.date_from?.[0],
        dateTo: filter.date_to?.[0],
      },
      clock.now(),
    );
    const included = await loadClassSessionIncludes(context, rows, query.include);
    return {
      jsonapi: { version: "1.1" },
      data: rows.map((row) => narrow(toClassSessionResource(row), query.fields)),
      ...(included.length > 0 ? { included: included.map((item) => narrow(item, query.fields)) } : {}),
      meta: { date_from: dateFrom, date_to: dateTo, total: rows.length },
      links: unpagedLinks(new URL(request.url, "http://api")),
    };
  });

  app.get<{ Params: { id: string } }>("/class-sessions/:id", async (request, reply) => {
    const query = parseResourceQuery(request.query as Record<string, string>, classSessionRules);
    const notFound = () => new AppError("not_found", `No class session to book has the id ${request.params.id}.`);
    if (!isDatabaseId(request.params.id)) throw notFound();
    const context = readContextOf(request, reply, db);
    const row = await findClassSession(context, Number(request.params.id), clock.now());
    if (!row) throw notFound();
    const included = await loadClassSessionIncludes(context, [row], query.include);
    return singleDocument({
      url: new URL(request.url, "http://api"),
      data: narrow(toClassSessionResource(row), query.fields),
      included: included.map((item) => narrow(item, query.fields)),
    });
  });
};
