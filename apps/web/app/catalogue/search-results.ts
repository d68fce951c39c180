import type { CollectionDocument } from "@termin/contracts/jsonapi";
import type { SearchResultResource } from "@termin/contracts/search-resources";
import type { ApiClient } from "../api/client.ts";
import type { SearchParams } from "./search-links.ts";
import { LOCATION_CARD_INCLUDE } from "./location-card-data.ts";
import { ApiError } from "../api/client.ts";
import { freeOnRefusal, refusedSearchParam, toApiQuery, type FreeOnRefusal } from "./search-params.ts";

export interface SearchOutcome {
  /** The search that ran: the page's, without any filter the API refused. */
  search: SearchParams;
  /** Null when the text has no word to search for (one letter): the page says so instead of searching. */
  results: CollectionDocument<SearchResultResource> | null;
  /** Why the API refused the day asked for, when it did: the page says so beside the day. */
  freeOnRefused: FreeOnRefusal | null;
}

/** What a day the API refused finds: no place is free on a day that cannot be checked (a past one, say). */
function noPlaces(pageSize: number): CollectionDocument<SearchResultResource> {
  const self = "/v1c/search";
  return {
    jsonapi: { version: "1.1" },
    data: [],
    meta: { total: 0, pageNumber: 1, pageSize, pageCount: 0 },
    links: { self, first: self, last: self, prev: null, next: null },
  };
}

/**
 * A page of search results. What the visitor typed or followed is the page's business, never its error page:
 * a filter the API refuses is dropped and the rest searched again; a day it refuses finds nothing, and the page
 * says why beside the day; a text it refuses (no word of two letters) is explained. Any other error is a failure.
 */
export async function searchResults(
  api: ApiClient,
  search: SearchParams,
  options: { pageSize: number; currencyDigits: number | null },
): Promise<SearchOutcome> {
  let current = search;
  for (;;) {
    try {
      const results = await api.get<CollectionDocument<SearchResultResource>>("search", {
        ...toApiQuery(current, options.pageSize, options.currencyDigits),
        include: LOCATION_CARD_INCLUDE,
      });
      return { search: current, results, freeOnRefused: null };
    } catch (error) {
      const refused = refusedSearchParam(error);
      // Each round drops one parameter the search holds, so this ends.
      if (refused === undefined || current[refused] === undefined) throw error;
      if (refused === "q") return { search: current, results: null, freeOnRefused: null };
      const { [refused]: _dropped, ...rest } = current;
      if (refused === "free_on" && error instanceof ApiError) {
        return { search: rest, results: noPlaces(options.pageSize), freeOnRefused: freeOnRefusal(error) };
      }
      current = rest;
    }
  }
}
