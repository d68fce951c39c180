import type { FastifyPluginAsync } from "fastify";
import type { AppointmentStatusResource } from "@termin/contracts/resources";
import { AppError } from "../../http/app-error.ts";
import { applySparseFields, collectionDocument, singleDocument } from "../../jsonapi/documents.ts";
import { parseCollectionQuery, parseResourceQuery, type CollectionRules } from "../../jsonapi/query.ts";
import type { ApiDependencies } from "../../api-dependencies.ts";
import { getAppointmentStatus } from "./get-appointment-status.ts";
import {
  listAppointmentStatuses,
  type AppointmentStatusRow,
  type AppointmentStatusSortField,
} from "./list-appointment-statuses.ts";

const TYPE = "appointment-statuses";

export const appointmentStatusRules: CollectionRules<AppointmentStatusSortField, "name"> = {
  type: TYPE,
  attributes: ["name", "order_index"],
  sortable: ["name", "order_index"],
  defaultSort: [{ field: "order_index", direction: "asc" }],
  filters: { name: "text" },
};

export function toAppointmentStatusResource(row: AppointmentStatusRow): AppointmentStatusResource {
  return {
    type: TYPE,
    id: String(row.id),
    attributes: { name: row.name, order_index: row.orderIndex },
    links: { self: `/v1c/${TYPE}/${row.id}` },
  };
}

function parseId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw new AppError("not_found", `No appointment status has the id ${raw}.`);
  return Number(raw);
}

export const appointmentStatusRoutes: FastifyPluginAsync<ApiDependencies> = async (app, { database }) => {
  app.get(`/${TYPE}`, async (request) => {
    const url = new URL(request.url, "http://api");
    const query = parseCollectionQuery(request.query as Record<string, string>, appointmentStatusRules);
    const { rows, total } = await listAppointmentStatuses(database.db, {
      page: query.page,
      sort: query.sort,
      names: query.filter.name,
    });
    const data = rows.map((row) => applySparseFields(toAppointmentStatusResource(row), query.fields[TYPE]));
    return collectionDocument({ url, data, total, page: query.page });
  });

  app.get<{ Params: { id: string } }>(`/${TYPE}/:id`, async (request) => {
    const url = new URL(request.url, "http://api");
    const query = parseResourceQuery(request.query as Record<string, string>, appointmentStatusRules);
    const row = await getAppointmentStatus(database.db, parseId(request.params.id));
    if (!row) throw new AppError("not_found", `No appointment status has the id ${request.params.id}.`);
    return singleDocument({ url, data: applySparseFields(toAppointmentStatusResource(row), query.fields[TYPE]) });
  });
};
