import { PART_OF_DAY_HOURS, PARTS_OF_DAY } from "@termin/domain/booking/part-of-day";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../jsonapi/query.ts";
import { locationRules } from "../resources/locations/routes.ts";
import { MAX_FREE_ON_CANDIDATES } from "../resources/search/search-locations.ts";
import { FREE_ON_MAX_DAYS_AHEAD } from "@termin/domain/booking/free-on-dates";
import type { ClientDocParts } from "./client-openapi-parts.ts";
import type { Operation, Parameter } from "./document-types.ts";

import { resourceSchema, type Schema } from "./resource-schema.ts";
type Response = NonNullable<Operation["responses"]>[string];

const query = (
  name: string,
  description: string,
  example: unknown,
  schema: Schema = { type: "string" },
): Parameter => ({
  name,
  in: "query",
  description,
  schema,
  example,
});

/** The shared pieces of the main document the search paths reuse. */
export interface SearchDocParts {
  /** The paged collection document of a schema, listed at `path`. */
  collection: (schema: string, path: string) => Response;
  errorResponse: ClientDocParts["errorResponse"];
  acceptLanguage: Parameter;
  include: Parameter;
  fieldsParameter: (type: string, attributes: readonly string[]) => Parameter;
}

/** GET /v1c/search and GET /v1c/search-suggestions (docs/decisions: marketplace search). */
export function searchPaths({
  collection,
  errorResponse,
  acceptLanguage,
  include,
  fieldsParameter,
}: SearchDocParts): Record<string, Record<string, Operation>> {
  return {
    "/v1c/search": {
      get: {
        summary:
          "Search the marketplace: locations by free text, place, kind of service, price, rating, distance and free time",
        description:
          "Answers `locations` resources (same attributes, relationships and includes as /v1c/locations), each with `meta`: relevance (0..1, with filter[q]), distance_km (with filter[near]), price_minor_from and currency (the cheapest service of the searched kind, else of any kind, within the price range). Unknown slugs match nothing; invalid values answer 400.",
        parameters: [
          query(
            "filter[q]",
            "Free text over business, location, service and neighbourhood names and the city, business type and marketplace service names in all languages. Case-, accent- and script-insensitive (manicure, MANICÚRE, маникюр, μανικιούρ) and typo-tolerant (trigram word similarity); every word must match.",
            "balayage lozenets",
          ),
          query("filter[city]", "City slugs, comma-separated (e.g. sofia).", "sofia"),
          query("filter[neighborhood]", "Neighbourhood slugs, comma-separated (e.g. lozenets).", "lozenets"),
          query(
            "filter[marketplace_service]",
            "Marketplace service slugs, comma-separated (e.g. manicure).",
            "manicure",
          ),
          query(
            "filter[category]",
            "Marketplace service categories, comma-separated (e.g. nails, hair).",
            "nails,hair",
          ),
          query("filter[business_type]", "Business type slugs, comma-separated (e.g. nail-salon).", "nail-salon"),
          query(
            "filter[price_min]",
            "Lowest from-price in minor units of the location's currency (best combined with a city).",
            2000,
            { type: "integer", minimum: 0 },
          ),
          query("filter[price_max]", "Highest from-price in minor units of the location's currency.", 6000, {
            type: "integer",
            minimum: 0,
          }),
          query("filter[rating_min]", "Minimum average rating, 0 to 5 (e.g. 4.5).", 4.5, {
            type: "number",
            minimum: 0,
            maximum: 5,
          }),
          query(
            "filter[near]",
            'A point "latitude,longitude" in degrees: gives distance_km and allows sort=distance.',
            "42.6977,23.3219",
          ),
          query(
            "filter[free_on]",
            `A date, YYYY-MM-DD, read in each location's own time zone: only places where some service has a free time that day (any employee), as GET /v1c/available-slots would list it (lead time, horizon and online booking included). From today somewhere on Earth to ${FREE_ON_MAX_DAYS_AHEAD} days ahead. The other filters may match at most ${MAX_FREE_ON_CANDIDATES} places, else 400: narrow by city, neighbourhood or kind of service. A refused date's error says why in meta.reason: not_a_date, past, too_far_ahead or too_many_places.`,
            "2026-12-01",
            { type: "string", format: "date" },
          ),
          query(
            "filter[part_of_day]",
            `With filter[free_on]: the free time starts in this part of the day, on the location's clock: ${PARTS_OF_DAY.map((part) => `${part} ${PART_OF_DAY_HOURS[part].from}-${PART_OF_DAY_HOURS[part].to}`).join(", ")}.`,
            "evening",
            { type: "string", enum: [...PARTS_OF_DAY] },
          ),
          query(
            "sort",
            "One of relevance (best match first; default with filter[q], needs it), -rating (default otherwise) or rating, price or -price (the from-price converted to euros at the dated rates the server keeps, so prices in different currencies compare; each result still shows its own currency), distance or -distance (needs filter[near]).",
            "-rating",
          ),
          query("page[number]", "Page number.", 2, { type: "integer", minimum: 1, default: 1 }),
          query("page[size]", "Results per page.", DEFAULT_PAGE_SIZE, {
            type: "integer",
            minimum: 1,
            maximum: MAX_PAGE_SIZE,
            default: DEFAULT_PAGE_SIZE,
          }),
          fieldsParameter(locationRules.type, locationRules.attributes),
          include,
          acceptLanguage,
        ],
        responses: {
          200: collection("SearchResult", "/v1c/search"),
          400: errorResponse("Invalid filter, sort or paging value"),
        },
      },
    },
    "/v1c/search-suggestions": {
      get: {
        summary: "Suggestions for the search box as the visitor types: kinds of service, cities, locations",
        description:
          "Up to 4 marketplace services, 3 cities and 5 locations whose names are like the typed words, best first; names in the response language. Fewer than two letters give an empty list. Not paged.",
        parameters: [
          query("filter[q]", "The typed text (required).", "mani"),
          fieldsParameter("search-suggestions", ["kind", "name", "slug", "detail"]),
          acceptLanguage,
        ],
        responses: {
          200: collection("SearchSuggestion", "/v1c/search-suggestions"),
          400: errorResponse("Missing filter[q] or an unknown parameter"),
        },
      },
    },
  };
}

export const SEARCH_SCHEMAS: Record<string, Schema> = {
  SearchResult: {
    allOf: [
      { $ref: "#/components/schemas/Location" },
      {
        type: "object",
        required: ["meta"],
        properties: {
          meta: {
            type: "object",
            properties: {
              relevance: { type: ["number", "null"], description: "0..1; null without filter[q]" },
              distance_km: { type: ["number", "null"], description: "null without filter[near]" },
              price_minor_from: { type: ["integer", "null"] },
              currency: { type: ["string", "null"], description: "ISO 4217" },
            },
            example: { relevance: 0.82, distance_km: 1.4, price_minor_from: 9000, currency: "EUR" },
          },
        },
      },
    ],
  },
  SearchSuggestion: resourceSchema("search-suggestions", {
    id: { type: "string", description: "kind-id, e.g. marketplace_service-5" },
    exampleId: "marketplace_service-5",
    attributes: {
      kind: { enum: ["marketplace_service", "city", "location"] },
      name: { type: "string" },
      slug: { type: "string", description: "For filter[marketplace_service], filter[city] or the location page" },
      detail: { type: "string", description: "Category of a service, country code of a city, city of a location" },
    },
    example: { kind: "marketplace_service", name: "Manicure", slug: "manicure", detail: "Nails" },
  }),
};
