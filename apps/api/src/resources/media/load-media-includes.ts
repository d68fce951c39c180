import { inArray } from "drizzle-orm";
import type { ResourceObject } from "@termin/contracts/jsonapi";
import { businesses, locations, marketplaceServices } from "@termin/db/catalogue-schema";
import type { Database } from "@termin/db/database";
import type { Language } from "@termin/domain/languages";
import { businessColumns, toBusinessResource } from "../businesses/serialize.ts";
import { toLocationResource } from "../locations/serialize.ts";
import { toMarketplaceServiceResource } from "../marketplace-services/serialize.ts";
import { distinctIds } from "../read-only-resource.ts";
import type { MediaRow } from "./serialize.ts";

export const MEDIA_INCLUDES = ["marketplaceService", "location", "business"] as const;

/** The related resources asked for with `include`: one query per relationship, whatever the page size (no N+1). */
export async function loadMediaIncludes(
  db: Database,
  rows: MediaRow[],
  include: readonly string[],
  language: Language,
): Promise<ResourceObject[]> {
  const wanted = new Set(include);
  const ids = (pick: (row: MediaRow) => number | null) => distinctIds(rows.map(pick));
  const [serviceRows, locationRows, businessRows] = await Promise.all([
    wanted.has("marketplaceService")
      ? db
          .select()
          .from(marketplaceServices)
          .where(
            inArray(
              marketplaceServices.id,
              ids((row) => row.marketplaceServiceId),
            ),
          )
      : [],
    wanted.has("location")
      ? db
          .select()
          .from(locations)
          .where(
            inArray(
              locations.id,
              ids((row) => row.locationId),
            ),
          )
      : [],
    wanted.has("business")
      ? db
          .select(businessColumns)
          .from(businesses)
          .where(
            inArray(
              businesses.id,
              ids((row) => row.businessId),
            ),
          )
      : [],
  ]);
  return [
    ...serviceRows.map((row) => toMarketplaceServiceResource(row, language)),
    ...locationRows.map((row) => toLocationResource(row)),
    ...businessRows.map((row) => toBusinessResource(row)),
  ];
}
