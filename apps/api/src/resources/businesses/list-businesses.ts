import { totalOfPage } from "../read-only-resource.ts";
import { and, asc, inArray, sql, type SQL } from "drizzle-orm";
import { businesses, businessTypes } from "@termin/db/catalogue-schema";
import type { Database } from "@termin/db/database";
import { databaseIds } from "../../jsonapi/relationships.ts";
import type { PageRequest, SortField } from "../../jsonapi/query.ts";
import { businessColumns, type BusinessRow } from "./serialize.ts";

export type BusinessSortField = "name";
export type BusinessFilter = "slug" | "business_type";

export interface ListBusinessesOptions {
  page: PageRequest;
  sort: SortField<BusinessSortField>[];
  filter: Partial<Record<BusinessFilter | "id", string[]>>;
}

function conditions(filter: ListBusinessesOptions["filter"]): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.id) parts.push(inArray(businesses.id, databaseIds(filter.id)));
  if (filter.slug) parts.push(inArray(businesses.slug, filter.slug));
  if (filter.business_type) {
    parts.push(
      inArray(
        businesses.businessTypeId,
        sql`(select ${businessTypes.id} from ${businessTypes} where ${inArray(businessTypes.slug, filter.business_type)})`,
      ),
    );
  }
  return parts.length > 0 ? and(...parts) : undefined;
}

export async function listBusinesses(
  db: Database,
  { page, sort, filter }: ListBusinessesOptions,
): Promise<{ rows: BusinessRow[]; total: number }> {
  const where = conditions(filter);
  const found = await db
    .select({ ...businessColumns, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(businesses)
    .where(where)
    .orderBy(
      ...sort.map(({ direction }) => (direction === "asc" ? asc(businesses.name) : sql`${businesses.name} desc`)),
      asc(businesses.id),
    )
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  const total = await totalOfPage(found, page, () => db.$count(businesses, where));
  return { rows: found.map(({ total: _total, ...row }) => row), total };
}
