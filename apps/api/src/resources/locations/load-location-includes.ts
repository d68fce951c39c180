import { and, asc, eq, inArray, not, notExists, sql } from "drizzle-orm";
import type { ResourceObject } from "@termin/contracts/jsonapi";
import {
  businesses,
  employees,
  locationTags,
  media,
  neighborhoods,
  tags,
  workingHours,
} from "@termin/db/catalogue-schema";
import type { Database } from "@termin/db/database";
import type { Language } from "@termin/domain/languages";
import { MAX_PAGE_SIZE } from "../../jsonapi/query.ts";
import { groupBy } from "../../jsonapi/relationships.ts";
import { businessColumns, toBusinessResource } from "../businesses/serialize.ts";
import { listCities } from "../cities/list-cities.ts";
import { toCityResource, toNeighborhoodResource } from "../cities/serialize.ts";
import { toTaxonomyResource } from "../localized-taxonomy-routes.ts";
import { mediaRowColumns } from "../media/media-columns.ts";
import { toMediaResource } from "../media/serialize.ts";
import { toWorkingHoursResource } from "../working-hours/serialize.ts";
import type { LocationLinkage, LocationRow } from "./serialize.ts";

export const LOCATION_INCLUDES = [
  "business",
  "city",
  "neighborhood",
  "workingHours",
  "cover",
  "gallery",
  "tags",
] as const;
export type LocationInclude = (typeof LOCATION_INCLUDES)[number];

const distinct = (values: Array<number | null>) => [...new Set(values.filter((v): v is number => v !== null))];

/**
 * The related resources asked for with `include`, and the to-many linkage (working hours, gallery, tags) of
 * those included. One query per included relationship, whatever the page size (no N+1); a plain list (cards,
 * search results) pays for none of them.
 */
export async function loadLocationRelations(
  db: Database,
  rows: LocationRow[],
  include: readonly string[],
  language: Language,
): Promise<{ linkageOf: (locationId: number) => LocationLinkage; included: ResourceObject[] }> {
  if (rows.length === 0) return { linkageOf: () => ({}), included: [] };
  const wanted = new Set(include);
  const locationIds = rows.map((r) => r.id);
  const coverIds = distinct(rows.map((r) => r.coverMediaId));
  const [hourRows, galleryRows, tagRows, businessRows, cityRows, neighborhoodRows, coverRows] = await Promise.all([
    wanted.has("workingHours")
      ? db
          .select()
          .from(workingHours)
          .where(inArray(workingHours.locationId, locationIds))
          .orderBy(asc(workingHours.weekday), asc(workingHours.opensAt), asc(workingHours.id))
      : null,
    wanted.has("gallery")
      ? db
          .select(mediaRowColumns)
          .from(media)
          .where(
            and(
              inArray(media.locationId, locationIds),
              eq(media.kind, "image"),
              coverIds.length > 0 ? not(inArray(media.id, coverIds)) : undefined,
              // Staff portraits belong to the employees, not to the location's gallery.
              notExists(
                db
                  .select({ one: sql`1` })
                  .from(employees)
                  .where(eq(employees.avatarMediaId, media.id)),
              ),
            ),
          )
          .orderBy(asc(media.id))
      : null,
    wanted.has("tags")
      ? db
          .select({ locationId: locationTags.locationId, id: tags.id, slug: tags.slug, names: tags.names })
          .from(locationTags)
          .innerJoin(tags, eq(tags.id, locationTags.tagId))
          .where(inArray(locationTags.locationId, locationIds))
          .orderBy(asc(tags.id))
      : null,
    wanted.has("business")
      ? db
          .select(businessColumns)
          .from(businesses)
          .where(inArray(businesses.id, distinct(rows.map((r) => r.businessId))))
      : [],
    wanted.has("city")
      ? listCities(db, {
          page: { number: 1, size: MAX_PAGE_SIZE },
          sort: [],
          filter: { id: distinct(rows.map((r) => r.cityId)).map(String) },
          language,
        }).then(({ rows: found }) => found)
      : [],
    wanted.has("neighborhood")
      ? db
          .select()
          .from(neighborhoods)
          .where(inArray(neighborhoods.id, distinct(rows.map((r) => r.neighborhoodId))))
      : [],
    wanted.has("cover") && coverIds.length > 0
      ? db.select(mediaRowColumns).from(media).where(inArray(media.id, coverIds))
      : [],
  ]);
  const hoursBy = hourRows && groupBy(hourRows, (row) => row.locationId);
  const galleryBy = galleryRows && groupBy(galleryRows, (row) => row.locationId);
  const tagsBy = tagRows && groupBy(tagRows, (row) => row.locationId);
  const ids = (found: Array<{ id: number }> | undefined) => (found ?? []).map((row) => row.id);
  const uniqueTags = [...new Map((tagRows ?? []).map((row) => [row.id, row])).values()];
  return {
    linkageOf: (locationId) => ({
      ...(hoursBy ? { workingHoursIds: ids(hoursBy.get(locationId)) } : {}),
      ...(galleryBy ? { galleryIds: ids(galleryBy.get(locationId)) } : {}),
      ...(tagsBy ? { tagIds: ids(tagsBy.get(locationId)) } : {}),
    }),
    included: [
      ...businessRows.map((row) => toBusinessResource(row)),
      ...cityRows.map((row) => toCityResource(row, language)),
      ...neighborhoodRows.map(toNeighborhoodResource),
      ...(hourRows ?? []).map(toWorkingHoursResource),
      ...coverRows.map(toMediaResource),
      ...(galleryRows ?? []).map(toMediaResource),
      ...uniqueTags.map((row) => toTaxonomyResource("tags", row, language)),
    ],
  };
}
