import { inArray } from "drizzle-orm";
import type { ResourceObject } from "@termin/contracts/jsonapi";
import { locations } from "@termin/db/catalogue-schema";
import type { Database } from "@termin/db/database";
import type { Language } from "@termin/domain/languages";
import { loadLocationRelations } from "../locations/load-location-includes.ts";
import { toLocationResource } from "../locations/serialize.ts";
import type { UserLocationRow } from "./serialize.ts";

/** The location and, through it, what a location card shows (business, city, neighbourhood, cover). */
export const USER_LOCATION_INCLUDES = [
  "location",
  "location.business",
  "location.city",
  "location.neighborhood",
  "location.cover",
] as const;

/**
 * The included resources of saved locations: the locations in one query, then one query per relationship of
 * theirs asked for (no N+1). A path through the location includes the location too (JSON:API 1.1).
 */
export async function loadUserLocationIncludes(
  db: Database,
  rows: UserLocationRow[],
  include: readonly string[],
  language: Language,
): Promise<ResourceObject[]> {
  if (include.length === 0 || rows.length === 0) return [];
  const locationRows = await db
    .select()
    .from(locations)
    .where(
      inArray(
        locations.id,
        rows.map((row) => row.locationId),
      ),
    );
  const nested = include.filter((path) => path.startsWith("location.")).map((path) => path.slice("location.".length));
  const { linkageOf, included } = await loadLocationRelations(db, locationRows, nested, language);
  return [...locationRows.map((row) => toLocationResource(row, linkageOf(row.id))), ...included];
}
