import { inArray } from "drizzle-orm";
import type { ClassSessionResource } from "@termin/contracts/class-resources";
import type { ResourceObject } from "@termin/contracts/jsonapi";
import { employees, locations, servicePrices, services } from "@termin/db/catalogue-schema";
import type { Database } from "@termin/db/database";
import { formatZonedIso } from "@termin/domain/booking/local-time";
import { toOne } from "../jsonapi/relationships.ts";
import { selectEmployees } from "../resources/employees/select-employees.ts";
import { toEmployeeResource } from "../resources/employees/serialize.ts";
import { toLocationResource } from "../resources/locations/serialize.ts";
import { toServicePriceResource } from "../resources/service-prices/serialize.ts";
import { selectServices } from "../resources/services/select-services.ts";
import { toServiceResource } from "../resources/services/serialize.ts";
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

/** The included resources of sessions: one query per related type asked for, whatever the number of sessions. */
export async function loadClassSessionIncludes(
  db: Database,
  rows: readonly ClassSessionRow[],
  include: readonly string[],
): Promise<ResourceObject[]> {
  if (rows.length === 0) return [];
  const ids = (pick: (row: ClassSessionRow) => number, path: string) =>
    include.includes(path) ? unique(rows.map(pick)) : [];
  const serviceIds = ids((row) => row.serviceId, "service");
  const priceIds = ids((row) => row.servicePriceId, "servicePrice");
  const employeeIds = ids((row) => row.employeeId, "employee");
  const locationIds = ids((row) => row.locationId, "location");
  const [serviceRows, priceRows, employeeRows, locationRows] = await Promise.all([
    serviceIds.length > 0 ? selectServices(db).where(inArray(services.id, serviceIds)) : [],
    priceIds.length > 0 ? db.select().from(servicePrices).where(inArray(servicePrices.id, priceIds)) : [],
    employeeIds.length > 0 ? selectEmployees(db).where(inArray(employees.id, employeeIds)) : [],
    locationIds.length > 0 ? db.select().from(locations).where(inArray(locations.id, locationIds)) : [],
  ]);
  return [
    ...serviceRows.map(toServiceResource),
    ...priceRows.map(toServicePriceResource),
    ...employeeRows.map(toEmployeeResource),
    ...locationRows.map((row) => toLocationResource(row)),
  ];
}
