import type { ServiceResource } from "@termin/contracts/offer-resources";
import { toMany, toOne } from "../../jsonapi/relationships.ts";
import type { ServiceRow } from "./select-services.ts";

export const serviceAttributes = [
  "name",
  "description",
  "position",
  "currency",
  "price_minor_from",
  "price_minor_to",
  "duration_minutes_from",
  "duration_minutes_to",
  "kind",
  "capacity",
  "payment_policy",
  "deposit_type",
  "deposit_value",
] as const;

export function toServiceResource(row: ServiceRow): ServiceResource {
  return {
    type: "services",
    id: String(row.id),
    attributes: {
      name: row.name,
      description: row.description,
      position: row.position,
      currency: row.currency,
      price_minor_from: row.priceMinorFrom,
      price_minor_to: row.priceMinorTo,
      duration_minutes_from: row.durationMinutesFrom,
      duration_minutes_to: row.durationMinutesTo,
      kind: row.kind === "class" ? "class" : "appointment",
      capacity: row.capacity,
      payment_policy: row.paymentPolicy,
      deposit_type: row.depositType,
      deposit_value: row.depositValue,
    },
    relationships: {
      business: toOne("businesses", row.businessId),
      serviceCategory: toOne("service-categories", row.serviceCategoryId),
      marketplaceService: toOne("marketplace-services", row.marketplaceServiceId),
      servicePrices: toMany("service-prices", row.priceIds),
      employees: toMany("employees", row.employeeIds),
    },
    links: { self: `/v1c/services/${row.id}` },
  };
}
