import { inArray } from "drizzle-orm";
import type { ResourceObject } from "@termin/contracts/jsonapi";
import { appointmentStatuses } from "@termin/db/schema";
import { employees, locations, servicePrices } from "@termin/db/catalogue-schema";
import type { Database } from "@termin/db/database";
import { toAppointmentStatusResource } from "../resources/appointment-statuses/routes.ts";
import { selectEmployees } from "../resources/employees/select-employees.ts";
import { toEmployeeResource } from "../resources/employees/serialize.ts";
import { toLocationResource } from "../resources/locations/serialize.ts";
import { toServicePriceResource } from "../resources/service-prices/serialize.ts";
import {
  paymentLinksOfPlaces,
  toPaymentLinkResource,
  toPaymentMethodResource,
} from "../payments/payment-link-resources.ts";
import { PAYMENT_METHODS } from "@termin/domain/payment-methods";
import {
  toAppointmentResource,
  toAppointmentServiceResources,
  type AppointmentClientRow,
} from "./appointment-resources.ts";

/** What an appointment client may include: its appointment, status, place, and the services with their people. */
export const APPOINTMENT_CLIENT_INCLUDES = [
  "appointment",
  "status",
  "location",
  "servicePrice",
  "appointmentServices",
  "appointmentServices.employees",
  "appointmentServices.servicePrice",
  "paymentMethod",
  "paymentLinks",
] as const;

const unique = (values: number[]) => [...new Set(values)];

/** The included resources of appointment clients: one query per related type asked for, whatever the rows. */
export async function loadAppointmentIncludes(
  db: Database,
  rows: AppointmentClientRow[],
  include: readonly string[],
  publicUrl: string,
): Promise<ResourceObject[]> {
  const wants = (path: string) => include.includes(path);
  const services = rows.flatMap((row) => row.services);
  const priceIds = unique([
    ...(wants("servicePrice") ? rows.flatMap((row) => row.services.slice(0, 1).map((s) => s.servicePriceId)) : []),
    ...(wants("appointmentServices.servicePrice") ? services.map((s) => s.servicePriceId) : []),
  ]);
  const employeeIds = wants("appointmentServices.employees")
    ? unique(services.flatMap((s) => s.employees.map((e) => e.employeeId)))
    : [];
  const methodIds = wants("paymentMethod") ? unique(rows.map((row) => row.paymentMethodId)) : [];
  const [statusRows, locationRows, priceRows, employeeRows, linkRows] = await Promise.all([
    wants("status")
      ? db
          .select()
          .from(appointmentStatuses)
          .where(inArray(appointmentStatuses.id, unique(rows.map((r) => r.statusId))))
      : [],
    wants("location")
      ? db
          .select()
          .from(locations)
          .where(inArray(locations.id, unique(rows.map((r) => r.locationId))))
      : [],
    priceIds.length > 0 ? db.select().from(servicePrices).where(inArray(servicePrices.id, priceIds)) : [],
    employeeIds.length > 0 ? selectEmployees(db).where(inArray(employees.id, employeeIds)) : [],
    wants("paymentLinks")
      ? paymentLinksOfPlaces(
          db,
          rows.map((row) => row.id),
        )
      : [],
  ]);
  const appointmentParts = (row: AppointmentClientRow) => [
    ...(wants("appointment") ? [toAppointmentResource(row)] : []),
    ...(include.some((path) => path.startsWith("appointmentServices")) ? toAppointmentServiceResources(row) : []),
  ];
  return [
    ...rows.flatMap(appointmentParts),
    ...statusRows.map(toAppointmentStatusResource),
    ...locationRows.map((row) => toLocationResource(row)),
    ...priceRows.map(toServicePriceResource),
    ...employeeRows.map(toEmployeeResource),
    ...PAYMENT_METHODS.filter((method) => methodIds.includes(method.id)).map(toPaymentMethodResource),
    ...linkRows.map((row) => toPaymentLinkResource(row, publicUrl)),
  ];
}
