import type { ServicePriceResource } from "@termin/contracts/offer-resources";
import type { servicePrices } from "@termin/db/catalogue-schema";
import { toOne } from "../../jsonapi/relationships.ts";

export type ServicePriceRow = typeof servicePrices.$inferSelect;

export const servicePriceAttributes = ["name", "price_minor", "currency", "duration_minutes"] as const;

export function toServicePriceResource(row: ServicePriceRow): ServicePriceResource {
  return {
    type: "service-prices",
    id: String(row.id),
    attributes: {
      name: row.name,
      price_minor: row.priceMinor,
      currency: row.currencyCode,
      duration_minutes: row.durationMinutes,
    },
    relationships: { service: toOne("services", row.serviceId) },
    links: { self: `/v1c/service-prices/${row.id}` },
  };
}
