import type { FastifyPluginAsync } from "fastify";
import { siteBusinessId } from "@termin/contracts/site";
import type { ResourceObject } from "@termin/contracts/jsonapi";
import type { SearchResultResource } from "@termin/contracts/search-resources";
import { requestLanguage } from "../../http/request-language.ts";
import { applySparseFields, collectionDocument } from "../../jsonapi/documents.ts";
import { parseCollectionQuery, type CollectionRules } from "../../jsonapi/query.ts";
import type { ApiDependencies } from "../../api-dependencies.ts";
import { locationRules } from "../locations/routes.ts";
import { loadLocationRelations } from "../locations/load-location-includes.ts";
import { toLocationResource, type LocationLinkage } from "../locations/serialize.ts";
import { searchLocations, type SearchHit } from "./search-locations.ts";
import { SEARCH_FILTERS, toSearchParameters, type SearchFilter, type SearchSortField } from "./search-parameters.ts";
import { suggestionRoutes } from "./suggestion-routes.ts";
import { systemClock } from "../../http/clock.ts";

/** Search answers `locations`, with the includes and sparse fieldsets of the locations list. */
export const searchRules: CollectionRules<SearchSortField, SearchFilter> = {
  type: "locations",
  attributes: locationRules.attributes,
  sortable: ["relevance", "rating", "price", "distance"],
  defaultSort: [], // depends on filter[q]: see toSearchParameters
  filters: SEARCH_FILTERS,
  ...(locationRules.includable ? { includable: locationRules.includable } : {}),
  ...(locationRules.relatedTypes ? { relatedTypes: locationRules.relatedTypes } : {}),
};

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

function toSearchResult(hit: SearchHit, linkage: LocationLinkage): SearchResultResource {
  return {
    ...toLocationResource(hit.location, linkage),
    meta: {
      relevance: hit.relevance === null ? null : round(hit.relevance, 3),
      distance_km: hit.distanceKm === null ? null : round(hit.distanceKm, 2),
      price_minor_from: hit.priceMinorFrom,
      currency: hit.currency,
    },
  };
}

function narrow<T extends ResourceObject>(resource: T, fields: Record<string, string[]>): T {
  return applySparseFields(resource, fields[resource.type]);
}

/** GET /v1c/search (marketplace search over locations) and GET /v1c/search-suggestions (the search box). */
export const searchRoutes: FastifyPluginAsync<ApiDependencies> = async (app, dependencies) => {
  const { database, clock = systemClock } = dependencies;
  app.get("/search", async (request, reply) => {
    const url = new URL(request.url, "http://api");
    const query = parseCollectionQuery(request.query as Record<string, string>, searchRules);
    const now = clock.now();
    const businessId = siteBusinessId(request.site);
    const params = { ...toSearchParameters(query, now), ...(businessId === null ? {} : { businessId }) };
    const language = requestLanguage(request, reply);
    const { hits, total } = await searchLocations(database.db, params, now);
    const { linkageOf, included } = await loadLocationRelations(
      database.db,
      hits.map((hit) => hit.location),
      query.include,
      language,
    );
    return collectionDocument({
      url,
      data: hits.map((hit) => narrow(toSearchResult(hit, linkageOf(hit.location.id)), query.fields)),
      included: included.map((resource) => narrow(resource, query.fields)),
      total,
      page: query.page,
    });
  });
  await app.register(suggestionRoutes, dependencies);
};
