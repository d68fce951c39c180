import { asc, inArray } from "drizzle-orm";
import type { ResourceObject } from "@termin/contracts/jsonapi";
import { businessTypes, locations, media } from "@termin/db/catalogue-schema";
import type { Database } from "@termin/db/database";
import type { Language } from "@termin/domain/languages";
import { groupBy } from "../../jsonapi/relationships.ts";
import { toTaxonomyResource } from "../localized-taxonomy-routes.ts";
import { toMediaResource } from "../media/serialize.ts";
import { mediaRowColumns } from "../media/media-columns.ts";
import { toLocationResource } from "../locations/serialize.ts";
import { type BusinessRow } from "./serialize.ts";

export const BUSINESS_INCLUDES = ["businessType", "logo", "locations"] as const;

const distinct = (values: Array<number | null>) => [...new Set(values.filter((v): v is number => v !== null))];

/**
 * The locations of a page of businesses (always: they are the `locations` linkage) and the includes asked for;
 * one query per relationship, whatever the page size.
 */
export async function loadBusinessRelations(
  db: Database,
  rows: BusinessRow[],
  include: readonly string[],
  language: Language,
): Promise<{ locationIdsOf: (businessId: number) => number[]; included: ResourceObject[] }> {
  if (rows.length === 0) return { locationIdsOf: () => [], included: [] };
  const wanted = new Set(include);
  const [locationRows, typeRows, logoRows] = await Promise.all([
    db
      .select()
      .from(locations)
      .where(
        inArray(
          locations.businessId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(locations.id)),
    wanted.has("businessType")
      ? db
          .select()
          .from(businessTypes)
          .where(inArray(businessTypes.id, distinct(rows.map((r) => r.businessTypeId))))
      : [],
    wanted.has("logo")
      ? db
          .select(mediaRowColumns)
          .from(media)
          .where(inArray(media.id, distinct(rows.map((r) => r.logoMediaId))))
      : [],
  ]);
  const byBusiness = groupBy(locationRows, (row) => row.businessId);
  return {
    locationIdsOf: (businessId) => (byBusiness.get(businessId) ?? []).map((row) => row.id),
    included: [
      ...typeRows.map((row) => toTaxonomyResource("business-types", row, language)),
      ...logoRows.map(toMediaResource),
      ...(wanted.has("locations") ? locationRows.map((row) => toLocationResource(row)) : []),
    ],
  };
}
