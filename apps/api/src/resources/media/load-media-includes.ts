import { and, inArray } from "drizzle-orm";
import type { ResourceObject } from "@termin/contracts/jsonapi";
import { businesses, locations, marketplaceServices } from "@termin/db/catalogue-schema";
import { businessColumns, toBusinessResource } from "../businesses/serialize.ts";
import { toLocationResource } from "../locations/serialize.ts";
import { toMarketplaceServiceResource } from "../marketplace-services/serialize.ts";
import { distinctIds } from "../read-only-resource.ts";
import { ofSiteBusiness, type ReadContext } from "../../sites/read-context.ts";
import type { MediaRow } from "./serialize.ts";

export const MEDIA_INCLUDES = ["marketplaceService", "location", "business"] as const;

/** The related resources asked for with `include`: one query per relationship, whatever the page size (no N+1). */
export async function loadMediaIncludes(
  context: ReadContext,
  rows: MediaRow[],
  include: readonly string[],
): Promise<ResourceObject[]> {
  const { db, language } = context;
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
            and(
              inArray(
                locations.id,
                ids((row) => row.locationId),
              ),
              ofSiteBusiness(context, locations.businessId),
            ),
          )
      : [],
    wanted.has("business")
      ? db
          .select(businessColumns)
          .from(businesses)
          .where(
            and(
              inArray(
                businesses.id,
                ids((row) => row.businessId),
              ),
              ofSiteBusiness(context, businesses.id),
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
