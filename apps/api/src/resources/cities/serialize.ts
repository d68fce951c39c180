import type { CityResource, NeighborhoodResource } from "@termin/contracts/catalogue-resources";
import type { cities, neighborhoods } from "@termin/db/catalogue-schema";
import type { Language } from "@termin/domain/languages";
import { toMany } from "../../jsonapi/relationships.ts";

export const cityAttributes = [
  "slug",
  "name",
  "country_code",
  "time_zone",
  "latitude",
  "longitude",
  "currency",
  "location_count",
] as const;
export const neighborhoodAttributes = ["slug", "name", "latitude", "longitude"] as const;

/** A city row with the number of its locations, counted in the query that reads it (list-cities.ts). */
export type CityRow = typeof cities.$inferSelect & { locationCount: number };

export function toCityResource(row: CityRow, language: Language, neighborhoodIds?: readonly number[]): CityResource {
  return {
    type: "cities",
    id: String(row.id),
    attributes: {
      slug: row.slug,
      name: row.names[language],
      country_code: row.countryCode,
      time_zone: row.timeZone,
      latitude: row.latitude,
      longitude: row.longitude,
      currency: row.currencyCode,
      location_count: row.locationCount,
    },
    ...(neighborhoodIds ? { relationships: { neighborhoods: toMany("neighborhoods", neighborhoodIds) } } : {}),
    links: { self: `/v1c/cities/${row.id}` },
  };
}

export function toNeighborhoodResource(row: typeof neighborhoods.$inferSelect): NeighborhoodResource {
  return {
    type: "neighborhoods",
    id: String(row.id),
    attributes: { slug: row.slug, name: row.name, latitude: row.latitude, longitude: row.longitude },
    relationships: { city: { data: { type: "cities", id: String(row.cityId) } } },
    links: { self: `/v1c/neighborhoods/${row.id}` },
  };
}
