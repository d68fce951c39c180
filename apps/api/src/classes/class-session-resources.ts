import { and, inArray } from "drizzle-orm";
import type { ClassSessionResource } from "@termin/contracts/class-resources";
import type { ResourceObject } from "@termin/contracts/jsonapi";
import { locations, servicePrices, services } from "@termin/db/catalogue-schema";
import { formatZonedIso } from "@termin/domain/booking/local-time";
import { toOne } from "../jsonapi/relationships.ts";
import { findEmployees } from "../resources/employees/list-employees.ts";
import { toEmployeeResource } from "../resources/employees/serialize.ts";
import { toLocationResource } from "../resources/locations/serialize.ts";
import { toServicePriceResource } from "../resources/service-prices/serialize.ts";
import { findServices } from "../resources/services/list-services.ts";
import { toServiceResource } from "../resources/services/serialize.ts";
import { atSiteRowsOf, ofSiteBusiness, type ReadContext } from "../sites/read-context.ts";
import type { ClassSessionRow } from "./list-class-sessions.ts";

export const classSessionAttributes = ["starts_at", "ends_at", "capacity", "seats_left"] as const;
export const CLASS_SESSION_INCLUDES = ["service", "servicePrice", "employee", "location"] as const;

export function toClassSessionResource(row: ClassSessionRow): ClassSessionResource {
  return {
    type: "class-sessions",
    id: String(row.id),
    attributes: {
      starts_at: formatZonedIso(row.startsAt.getTime(), row.timeZone),
      ends_at: formatZonedIso(row.endsAt.getTime(), row.timeZone),
      capacity: row.capacity,
      seats_left: row.seatsLeft,
    },
    relationships: {
      service: toOne("services", row.serviceId),
      servicePrice: toOne("service-prices", row.servicePriceId),
      employee: toOne("employees", row.employeeId),
      location: toOne("locations", row.locationId),
    },
    links: { self: `/v1c/class-sessions/${row.id}` },
  };
}

const unique = (values: number[]) => [...new Set(values)];

/**
 * The included resources of sessions: one query per related type asked for, whatever the number of sessions; within
 * the site, like the sessions.
 */
export async function loadClassSessionIncludes(
  context: ReadContext,
  rows: readonly ClassSessionRow[],
  include: readonly string[],
): Promise<ResourceObject[]> {
  if (rows.length === 0) return [];
  const { db } = context;
  const ids = (pick: (row: ClassSessionRow) => number, path: string) =>
    include.includes(path) ? unique(rows.map(pick)) : [];
  const serviceIds = ids((row) => row.serviceId, "service");
  const priceIds = ids((row) => row.servicePriceId, "servicePrice");
  const employeeIds = ids((row) => row.employeeId, "employee");
  const locationIds = ids((row) => row.locationId, "location");
  const [serviceRows, priceRows, employeeRows, locationRows] = await Promise.all([
    findServices(context, serviceIds),
    priceIds.length > 0
      ? db
          .select()
          .from(servicePrices)
          .where(and(inArray(servicePrices.id, priceIds), atSiteRowsOf(context, servicePrices.serviceId, services)))
      : [],
    findEmployees(context, employeeIds),
    locationIds.length > 0
      ? db
          .select()
          .from(locations)
          .where(and(inArray(locations.id, locationIds), ofSiteBusiness(context, locations.businessId)))
      : [],
  ]);
  return [
    ...serviceRows.map(toServiceResource),
    ...priceRows.map(toServicePriceResource),
    ...employeeRows.map(toEmployeeResource),
    ...locationRows.map((row) => toLocationResource(row)),
  ];
}
