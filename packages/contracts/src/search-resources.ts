import type { LocationResource } from "./catalogue-resources.ts";
import type { ResourceIdentifier, ResourceObject } from "./jsonapi.ts";

/** Per result of GET /v1c/search: why and where it matched. */
export interface SearchResultMeta {
  /** 0..1, how closely filter[q] matched (null without filter[q]). */
  relevance: number | null;
  /** From filter[near] (null without it). */
  distance_km: number | null;
  /** The cheapest price of the searched kind of service (else of any service), in minor units. */
  price_minor_from: number | null;
  currency: string | null;
}

/** A result of GET /v1c/search: a `locations` resource with search meta. */
export type SearchResultResource = LocationResource & { meta: SearchResultMeta };

/** `search-suggestions`: what the search box offers as the visitor types. */
export interface SearchSuggestionAttributes {
  kind: "marketplace_service" | "city" | "location";
  /** In the response language for services and cities; the location's own name for locations. */
  name: string;
  /** The value for the matching search filter (filter[marketplace_service], filter[city]) or the location page. */
  slug: string;
  /** A second line: the category of a service, the country of a city, the city of a location. */
  detail: string;
}
export type SearchSuggestionResource = ResourceObject<"search-suggestions", SearchSuggestionAttributes> & {
  relationships: { subject: { data: ResourceIdentifier } };
};
