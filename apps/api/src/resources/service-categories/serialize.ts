import type { ServiceCategoryResource } from "@termin/contracts/offer-resources";
import type { serviceCategories } from "@termin/db/catalogue-schema";
import { toOne } from "../../jsonapi/relationships.ts";

export type ServiceCategoryRow = typeof serviceCategories.$inferSelect;

export const serviceCategoryAttributes = ["name", "slug", "position"] as const;

export function toServiceCategoryResource(row: ServiceCategoryRow): ServiceCategoryResource {
  return {
    type: "service-categories",
    id: String(row.id),
    attributes: { name: row.name, slug: row.slug, position: row.position },
    relationships: { business: toOne("businesses", row.businessId) },
    links: { self: `/v1c/service-categories/${row.id}` },
  };
}
