import { and, eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import { locations, serviceCategories } from "@termin/db/catalogue-schema";
import { databaseIds } from "../../jsonapi/relationships.ts";
import { ofSiteBusiness, type ReadContext } from "../../sites/read-context.ts";
import { orderBy, pageResult, totalOverAll, type ListQuery } from "../read-only-resource.ts";

export type ServiceCategorySortField = "position" | "name";
export type ServiceCategoryFilter = "business" | "location" | "slug";

function conditions(
  context: ReadContext,
  filter: ListQuery<ServiceCategorySortField, ServiceCategoryFilter>["filter"],
): SQL | undefined {
  return and(
    ofSiteBusiness(context, serviceCategories.businessId),
    filter.slug ? inArray(serviceCategories.slug, filter.slug) : undefined,
    filter.business ? inArray(serviceCategories.businessId, databaseIds(filter.business)) : undefined,
    // A location shows its business's menu.
    filter.location
      ? inArray(
          serviceCategories.businessId,
          sql`(select ${locations.businessId} from ${locations} where ${inArray(locations.id, databaseIds(filter.location))})`,
        )
      : undefined,
  );
}

export async function listServiceCategories(
  context: ReadContext,
  { page, sort, filter }: ListQuery<ServiceCategorySortField, ServiceCategoryFilter>,
) {
  const { db } = context;
  const where = conditions(context, filter);
  const rows = await db
    .select({ ...getTableColumns(serviceCategories), total: totalOverAll() })
    .from(serviceCategories)
    .where(where)
    .orderBy(
      ...orderBy(
        sort,
        { position: [serviceCategories.position], name: [serviceCategories.name] },
        serviceCategories.id,
      ),
    )
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  return pageResult(rows, page, () => db.$count(serviceCategories, where));
}

export async function findServiceCategory(context: ReadContext, id: number) {
  const [row] = await context.db
    .select()
    .from(serviceCategories)
    .where(and(eq(serviceCategories.id, id), ofSiteBusiness(context, serviceCategories.businessId)));
  return row;
}
