import { and, inArray } from "drizzle-orm";
import type { ResourceObject } from "@termin/contracts/jsonapi";
import { marketplaceServices, serviceCategories, servicePrices, services } from "@termin/db/catalogue-schema";
import { findEmployees } from "../employees/list-employees.ts";
import { toEmployeeResource } from "../employees/serialize.ts";
import { toMarketplaceServiceResource } from "../marketplace-services/serialize.ts";
import { distinctIds } from "../read-only-resource.ts";
import { atSiteRowsOf, ofSiteBusiness, type ReadContext } from "../../sites/read-context.ts";
import { toServiceCategoryResource } from "../service-categories/serialize.ts";
import { toServicePriceResource } from "../service-prices/serialize.ts";
import type { ServiceRow } from "./select-services.ts";

export const SERVICE_INCLUDES = ["servicePrices", "serviceCategory", "marketplaceService", "employees"] as const;

/** One query per relationship asked for, whatever the number of services; within the site, like the services. */
export async function loadServiceIncludes(
  context: ReadContext,
  rows: ServiceRow[],
  include: readonly string[],
): Promise<ResourceObject[]> {
  const { db, language } = context;
  const wanted = new Set(include);
  const [prices, categories, marketplace, staff] = await Promise.all([
    wanted.has("servicePrices")
      ? db
          .select()
          .from(servicePrices)
          .where(
            and(
              inArray(servicePrices.id, distinctIds(rows.flatMap((row) => row.priceIds))),
              atSiteRowsOf(context, servicePrices.serviceId, services),
            ),
          )
          .orderBy(servicePrices.id)
      : [],
    wanted.has("serviceCategory")
      ? db
          .select()
          .from(serviceCategories)
          .where(
            and(
              inArray(serviceCategories.id, distinctIds(rows.map((row) => row.serviceCategoryId))),
              ofSiteBusiness(context, serviceCategories.businessId),
            ),
          )
      : [],
    wanted.has("marketplaceService")
      ? db
          .select()
          .from(marketplaceServices)
          .where(inArray(marketplaceServices.id, distinctIds(rows.map((row) => row.marketplaceServiceId))))
      : [],
    wanted.has("employees") ? findEmployees(context, distinctIds(rows.flatMap((row) => row.employeeIds))) : [],
  ]);
  return [
    ...prices.map(toServicePriceResource),
    ...categories.map(toServiceCategoryResource),
    ...marketplace.map((row) => toMarketplaceServiceResource(row, language)),
    ...staff.map(toEmployeeResource),
  ];
}
