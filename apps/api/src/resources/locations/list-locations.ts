import { totalOfPage } from "../read-only-resource.ts";
import { and, asc, eq, exists, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import { cities, locations, marketplaceServices, neighborhoods, services } from "@termin/db/catalogue-schema";
import type { Database } from "@termin/db/database";
import type { PageRequest, SortField } from "../../jsonapi/query.ts";
import { databaseIds } from "../../jsonapi/relationships.ts";
import type { LocationRow } from "./serialize.ts";

export type LocationSortField = "name" | "rating" | "review_count";
export type LocationFilter = "id" | "city" | "neighborhood" | "business" | "marketplace_service" | "slug";

export interface ListLocationsOptions {
  page: PageRequest;
  sort: SortField<LocationSortField>[];
  filter: Partial<Record<LocationFilter, string[]>>;
}

const sortColumns = { name: locations.name, rating: locations.ratingAverage, review_count: locations.reviewCount };

function conditions(filter: ListLocationsOptions["filter"]): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.id) parts.push(inArray(locations.id, databaseIds(filter.id)));
  if (filter.slug) parts.push(inArray(locations.slug, filter.slug));
  if (filter.business) parts.push(inArray(locations.businessId, databaseIds(filter.business)));
  if (filter.city) {
    parts.push(
      inArray(locations.cityId, sql`(select ${cities.id} from ${cities} where ${inArray(cities.slug, filter.city)})`),
    );
  }
  if (filter.neighborhood) {
    parts.push(
      inArray(
        locations.neighborhoodId,
        sql`(select ${neighborhoods.id} from ${neighborhoods} where ${inArray(neighborhoods.slug, filter.neighborhood)})`,
      ),
    );
  }
  if (filter.marketplace_service) {
    // Locations whose business offers a service of that kind.
    parts.push(
      exists(
        sql`(select 1 from ${services} join ${marketplaceServices} on ${eq(marketplaceServices.id, services.marketplaceServiceId)}
             where ${eq(services.businessId, locations.businessId)} and ${inArray(marketplaceServices.slug, filter.marketplace_service)})`,
      ),
    );
  }
  return parts.length > 0 ? and(...parts) : undefined;
}

export async function listLocations(
  db: Database,
  { page, sort, filter }: ListLocationsOptions,
): Promise<{ rows: LocationRow[]; total: number }> {
  const where = conditions(filter);
  const found = await db
    .select({ ...getTableColumns(locations), total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(locations)
    .where(where)
    .orderBy(
      ...sort.map(({ field, direction }) =>
        direction === "asc" ? sql`${sortColumns[field]} asc nulls last` : sql`${sortColumns[field]} desc nulls last`,
      ),
      asc(locations.id),
    )
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  const count = await totalOfPage(found, page, () => db.$count(locations, where));
  return { rows: found.map(({ total, ...row }) => row), total: count };
}
