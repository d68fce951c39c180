import type { LocationResource } from "@termin/contracts/catalogue-resources";
import type { locations } from "@termin/db/catalogue-schema";

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

const ref = (type: string, id: number | null) => ({ data: id === null ? null : { type, id: String(id) } });

export function toLocationResource(row: LocationRow): LocationResource {
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
      business: ref("businesses", row.businessId),
      city: ref("cities", row.cityId),
      neighborhood: ref("neighborhoods", row.neighborhoodId),
    },
    links: { self: `/v1c/locations/${row.id}` },
  };
}
