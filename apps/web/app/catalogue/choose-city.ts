import type { CityResource } from "@termin/contracts/catalogue-resources";
import type { CollectionDocument } from "@termin/contracts/jsonapi";
import type { Language } from "@termin/domain/languages";
import type { ApiClient } from "../api/client.ts";
import { COUNTRY_OF_LANGUAGE } from "../lib/country-of-language.ts";

export interface CityChoice {
  id: string;
  slug: string;
  name: string;
  timeZone: string;
}

/**
 * The cities to choose from and the one shown: the address's `city`, else the largest city of the page
 * language's country (a Bulgarian page opens on Sofia), else the marketplace's largest.
 */
export async function chooseCity(
  api: ApiClient,
  language: Language,
  slug: string | null,
): Promise<{ cities: CityChoice[]; city: CityChoice | null }> {
  const document = await api.get<CollectionDocument<CityResource>>("cities", {
    sort: "-location_count",
    "page[size]": "100",
  });
  const listed = document.data.filter((city) => city.attributes.location_count > 0);
  const cities = listed.map((city) => ({
    id: city.id,
    slug: city.attributes.slug,
    name: city.attributes.name,
    timeZone: city.attributes.time_zone,
  }));
  const bySlug = cities.find((city) => city.slug === slug);
  const home = listed.find((city) => city.attributes.country_code === COUNTRY_OF_LANGUAGE[language]);
  const city = bySlug ?? cities.find((each) => each.id === home?.id) ?? cities[0] ?? null;
  return { cities, city };
}
