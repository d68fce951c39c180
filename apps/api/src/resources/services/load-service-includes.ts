import { inArray } from "drizzle-orm";
import type { ResourceObject } from "@termin/contracts/jsonapi";
import { marketplaceServices, serviceCategories, servicePrices } from "@termin/db/catalogue-schema";
import type { Database } from "@termin/db/database";
import type { Language } from "@termin/domain/languages";
import { findEmployees } from "../employees/list-employees.ts";
import { toEmployeeResource } from "../employees/serialize.ts";
import { toMarketplaceServiceResource } from "../marketplace-services/serialize.ts";
import { distinctIds } from "../read-only-resource.ts";
import { toServiceCategoryResource } from "../service-categories/serialize.ts";
import { toServicePriceResource } from "../service-prices/serialize.ts";
import type { ServiceRow } from "./select-services.ts";

export const SERVICE_INCLUDES = ["servicePrices", "serviceCategory", "marketplaceService", "employees"] as const;

/** One query per relationship asked for, whatever the number of services. */
export async function loadServiceIncludes(
  db: Database,
  rows: ServiceRow[],
  include: readonly string[],
  language: Language,
): Promise<ResourceObject[]> {
  const wanted = new Set(include);
  const [prices, categories, marketplace, staff] = await Promise.all([
    wanted.has("servicePrices")
      ? db
          .select()
          .from(servicePrices)
          .where(inArray(servicePrices.id, distinctIds(rows.flatMap((row) => row.priceIds))))
          .orderBy(servicePrices.id)
      : [],
    wanted.has("serviceCategory")
      ? db
          .select()
          .from(serviceCategories)
          .where(inArray(serviceCategories.id, distinctIds(rows.map((row) => row.serviceCategoryId))))
      : [],
    wanted.has("marketplaceService")
      ? db
          .select()
          .from(marketplaceServices)
          .where(inArray(marketplaceServices.id, distinctIds(rows.map((row) => row.marketplaceServiceId))))
      : [],
    wanted.has("employees") ? findEmployees(db, distinctIds(rows.flatMap((row) => row.employeeIds))) : [],
  ]);
  return [
    ...prices.map(toServicePriceResource),
    ...categories.map(toServiceCategoryResource),
    ...marketplace.map((row) => toMarketplaceServiceResource(row, language)),
    ...staff.map(toEmployeeResource),
  ];
}
