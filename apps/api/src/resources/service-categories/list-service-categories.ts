import { and, eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import { locations, serviceCategories } from "@termin/db/catalogue-schema";
import type { Database } from "@termin/db/database";
import { databaseIds } from "../../jsonapi/relationships.ts";
import { orderBy, pageResult, totalOverAll, type ListQuery } from "../read-only-resource.ts";

export type ServiceCategorySortField = "position" | "name";
export type ServiceCategoryFilter = "business" | "location";

function conditions(filter: ListQuery<ServiceCategorySortField, ServiceCategoryFilter>["filter"]): SQL | undefined {
  return and(
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
  db: Database,
  { page, sort, filter }: ListQuery<ServiceCategorySortField, ServiceCategoryFilter>,
) {
  const where = conditions(filter);
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

export async function findServiceCategory(db: Database, id: number) {
  const [row] = await db.select().from(serviceCategories).where(eq(serviceCategories.id, id));
  return row;
}
