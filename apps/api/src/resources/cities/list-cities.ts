import { totalOfPage } from "../read-only-resource.ts";
import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import { cities, locations } from "@termin/db/catalogue-schema";
import type { Database } from "@termin/db/database";
import type { Language } from "@termin/domain/languages";
import { databaseIds } from "../../jsonapi/relationships.ts";
import type { PageRequest, SortField } from "../../jsonapi/query.ts";
import type { CityRow } from "./serialize.ts";

export type CitySortField = "name" | "location_count";
export type CityFilter = "slug" | "country";

export interface ListCitiesOptions {
  page: PageRequest;
  sort: SortField<CitySortField>[];
  filter: Partial<Record<CityFilter | "id", string[]>>;
  language: Language;
}

/**
 * Cities with their location counts, counted in the same query (a grouped subquery joined once), sorted by
 * the name in the request language or by the count; one page and the total.
 */
export async function listCities(
  db: Database,
  { page, sort, filter, language }: ListCitiesOptions,
): Promise<{ rows: CityRow[]; total: number }> {
  const counts = db
    .select({ cityId: locations.cityId, count: sql<number>`count(*)`.as("location_count") })
    .from(locations)
    .groupBy(locations.cityId)
    .as("location_counts");
  const locationCount = sql<number>`coalesce(${counts.count}, 0)`.mapWith(Number);
  const sortColumns: Record<CitySortField, SQL> = {
    name: sql`${cities.names}->>${language}`,
    location_count: sql`coalesce(${counts.count}, 0)`,
  };
  const parts: SQL[] = [];
  if (filter.id) parts.push(inArray(cities.id, databaseIds(filter.id)));
  if (filter.slug) parts.push(inArray(cities.slug, filter.slug));
  if (filter.country)
    parts.push(
      inArray(
        cities.countryCode,
        filter.country.map((code) => code.toUpperCase()),
      ),
    );
  const found = await db
    .select({
      ...getTableColumns(cities),
      locationCount,
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(cities)
    .leftJoin(counts, eq(counts.cityId, cities.id))
    .where(parts.length > 0 ? and(...parts) : undefined)
    .orderBy(
      ...sort.map(({ field, direction }) => sql`${sortColumns[field]} ${direction === "asc" ? sql`asc` : sql`desc`}`),
      asc(cities.id),
    )
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  const total = await totalOfPage(found, page, () => db.$count(cities, parts.length > 0 ? and(...parts) : undefined));
  return { rows: found.map(({ total: _total, ...row }) => row), total };
}
