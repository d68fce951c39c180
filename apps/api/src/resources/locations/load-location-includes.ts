import { inArray } from "drizzle-orm";
import type { ResourceObject } from "@termin/contracts/jsonapi";
import { businesses, cities, neighborhoods } from "@termin/db/catalogue-schema";
import type { Database } from "@termin/db/database";
import type { Language } from "@termin/domain/languages";
import { toBusinessResource } from "../businesses/serialize.ts";
import { toCityResource, toNeighborhoodResource } from "../cities/serialize.ts";
import type { LocationRow } from "./serialize.ts";

export const LOCATION_INCLUDES = ["business", "city", "neighborhood"] as const;
export type LocationInclude = (typeof LOCATION_INCLUDES)[number];

const distinct = (values: Array<number | null>) => [...new Set(values.filter((v): v is number => v !== null))];

/** The related resources asked for with `include`: one query per relationship, whatever the page size (no N+1). */
export async function loadLocationIncludes(
  db: Database,
  rows: LocationRow[],
  include: readonly string[],
  language: Language,
): Promise<ResourceObject[]> {
  if (rows.length === 0) return [];
  const wanted = new Set(include);
  const [businessRows, cityRows, neighborhoodRows] = await Promise.all([
    wanted.has("business")
      ? db
          .select()
          .from(businesses)
          .where(inArray(businesses.id, distinct(rows.map((r) => r.businessId))))
      : [],
    wanted.has("city")
      ? db
          .select()
          .from(cities)
          .where(inArray(cities.id, distinct(rows.map((r) => r.cityId))))
      : [],
    wanted.has("neighborhood")
      ? db
          .select()
          .from(neighborhoods)
          .where(inArray(neighborhoods.id, distinct(rows.map((r) => r.neighborhoodId))))
      : [],
  ]);
  return [
    ...businessRows.map(toBusinessResource),
    ...cityRows.map((row) => toCityResource(row, language)),
    ...neighborhoodRows.map(toNeighborhoodResource),
  ];
}
