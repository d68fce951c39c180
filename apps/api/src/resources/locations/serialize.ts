import type { LocationResource } from "@termin/contracts/catalogue-resources";
import type { locations } from "@termin/db/catalogue-schema";
import { toMany, toOne } from "../../jsonapi/relationships.ts";

export type LocationRow = typeof locations.$inferSelect;

export const locationAttributes = [
  "slug",
  "name",
  "address",
  "latitude",
  "longitude",
  "time_zone",
  "phone",
  "description",
  "rating_average",
  "review_count",
] as const;

/** The to-many linkage of one location: each relationship present when it was included (and so loaded). */
export interface LocationLinkage {
  workingHoursIds?: readonly number[];
  galleryIds?: readonly number[];
  tagIds?: readonly number[];
}

export function toLocationResource(row: LocationRow, linkage: LocationLinkage = {}): LocationResource {
  return {
    type: "locations",
    id: String(row.id),
    attributes: {
      slug: row.slug,
      name: row.name,
      address: row.address,
      latitude: row.latitude,
      longitude: row.longitude,
      time_zone: row.timeZone,
      phone: row.phone,
      description: row.description,
      rating_average: row.ratingAverage,
      review_count: row.reviewCount,
    },
    relationships: {
      business: toOne("businesses", row.businessId),
      city: toOne("cities", row.cityId),
      neighborhood: toOne("neighborhoods", row.neighborhoodId),
      cover: toOne("media", row.coverMediaId),
      ...(linkage.workingHoursIds ? { workingHours: toMany("working-hours", linkage.workingHoursIds) } : {}),
      ...(linkage.galleryIds ? { gallery: toMany("media", linkage.galleryIds) } : {}),
      ...(linkage.tagIds ? { tags: toMany("tags", linkage.tagIds) } : {}),
    },
    links: { self: `/v1c/locations/${row.id}` },
  };
}
