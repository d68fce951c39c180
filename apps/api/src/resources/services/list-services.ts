import { and, eq, exists, inArray, sql, type SQL } from "drizzle-orm";
import { employees, serviceCategories, serviceEmployees, services } from "@termin/db/catalogue-schema";
import { databaseIds } from "../../jsonapi/relationships.ts";
import { ofSiteBusiness, type ReadContext } from "../../sites/read-context.ts";
import { marketplaceServiceIdsBySlug } from "../marketplace-services/ids-by-slug.ts";
import { orderBy, pageResult, type ListQuery } from "../read-only-resource.ts";
import { priceMinorFrom, selectServices } from "./select-services.ts";

export type ServiceSortField = "position" | "name" | "price";
export type ServiceFilter = "business" | "location" | "service_category" | "marketplace_service";

function conditions(
  context: ReadContext,
  filter: ListQuery<ServiceSortField, ServiceFilter>["filter"],
): SQL | undefined {
  return and(
    ofSiteBusiness(context, services.businessId),
    filter.business ? inArray(services.businessId, databaseIds(filter.business)) : undefined,
    filter.service_category ? inArray(services.serviceCategoryId, databaseIds(filter.service_category)) : undefined,
    filter.marketplace_service
      ? inArray(services.marketplaceServiceId, marketplaceServiceIdsBySlug(filter.marketplace_service))
      : undefined,
    // What a location offers: the services someone working there actively performs.
    filter.location
      ? exists(
          sql`(select 1 from ${serviceEmployees} join ${employees} on ${eq(employees.id, serviceEmployees.employeeId)}
               where ${eq(serviceEmployees.serviceId, services.id)} and ${serviceEmployees.active}
               and ${inArray(employees.locationId, databaseIds(filter.location))})`,
        )
      : undefined,
  );
}

export async function listServices(
  context: ReadContext,
  { page, sort, filter }: ListQuery<ServiceSortField, ServiceFilter>,
) {
  const { db } = context;
  const where = conditions(context, filter);
  const rows = await selectServices(db, filter.location ? databaseIds(filter.location) : undefined)
    .where(where)
    .orderBy(
      ...orderBy(
        sort,
        {
          position: [serviceCategories.position, services.position],
          name: [services.name],
          price: [priceMinorFrom],
        },
        services.id,
      ),
    )
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  return pageResult(rows, page, () => db.$count(services, where));
}

export async function findService(context: ReadContext, id: number) {
  const [row] = await selectServices(context.db).where(
    and(eq(services.id, id), ofSiteBusiness(context, services.businessId)),
  );
  return row;
}

/** Services by id (an include's), those of the site's business only. */
export async function findServices(context: ReadContext, ids: number[]) {
  return ids.length > 0
    ? selectServices(context.db).where(and(inArray(services.id, ids), ofSiteBusiness(context, services.businessId)))
    : [];
}
