import type { CityResource, NeighborhoodResource } from "@termin/contracts/catalogue-resources";
import type { cities, neighborhoods } from "@termin/db/catalogue-schema";
import type { Language } from "@termin/domain/languages";

export const cityAttributes = ["slug", "name", "country_code", "time_zone", "latitude", "longitude"] as const;
export const neighborhoodAttributes = ["slug", "name", "latitude", "longitude"] as const;

export function toCityResource(row: typeof cities.$inferSelect, language: Language): CityResource {
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
    },
  };
}

export function toNeighborhoodResource(row: typeof neighborhoods.$inferSelect): NeighborhoodResource {
  return {
    type: "neighborhoods",
    id: String(row.id),
    attributes: { slug: row.slug, name: row.name, latitude: row.latitude, longitude: row.longitude },
    relationships: { city: { data: { type: "cities", id: String(row.cityId) } } },
  };
}
