import { FREE_ON_MAX_DAYS_AHEAD, freeOnDateRange } from "@termin/domain/booking/free-on-dates";
import { PARTS_OF_DAY, type PartOfDay } from "@termin/domain/booking/part-of-day";
import type { FreeOnQuery } from "../../booking/free-on.ts";
import { AppError } from "../../http/app-error.ts";
import type { CollectionQuery, FilterKind, PageRequest } from "../../jsonapi/query.ts";

export type SearchSortField = "relevance" | "rating" | "price" | "distance";
export type SearchFilter =
  | "q"
  | "city"
  | "neighborhood"
  | "marketplace_service"
  | "category"
  | "price_min"
  | "price_max"
  | "rating_min"
  | "business_type"
  | "near"
  | "free_on"
  | "part_of_day";

/**
 * The search's filters: the day and part of day of "free on" are checked at the edge; the others are text the
 * search parses itself (words, slugs, prices, a rating, a point).
 */
export const SEARCH_FILTERS: Readonly<Record<SearchFilter, FilterKind>> = {
  q: "text",
  city: "text",
  neighborhood: "text",
  marketplace_service: "text",
  category: "text",
  price_min: "text",
  price_max: "text",
  rating_min: "text",
  business_type: "text",
  near: "text",
  free_on: "date",
  part_of_day: { oneOf: PARTS_OF_DAY },
};

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** A validated search: what `searchLocations` runs. */
export interface SearchParameters {
  /** The words of filter[q] as typed; the database normalises case and accents. */
  words: string[];
  city?: string[];
  neighborhood?: string[];
  marketplaceService?: string[];
  category?: string[];
  businessType?: string[];
  /** One business's places only: the site's (decision 0046), never a filter a client sends. */
  businessId?: number;
  priceMin?: number;
  priceMax?: number;
  ratingMin?: number;
  near?: GeoPoint;
  /** Places with a free time on a local date (each in its own zone), in one part of the day or any. */
  freeOn?: FreeOnQuery;
  sort: { field: SearchSortField; direction: "asc" | "desc" };
  page: PageRequest;
}

/** Longer queries add nothing for a marketplace search box and cost a trigram lookup each. */
const MAX_WORDS = 6;

/** Words of a free-text query: split on spaces and punctuation, one-letter words dropped (no trigram match). */
export function queryWords(text: string): string[] {
  return text
    .split(/[\s\p{P}\p{S}]+/u)
    .filter((word) => [...word].length >= 2)
    .slice(0, MAX_WORDS);
}

const invalid = (filter: string, detail: string, reason?: string) =>
  new AppError("invalid_parameter", detail, { parameter: `filter[${filter}]` }, {}, reason ? { reason } : undefined);

function one(values: string[] | undefined, filter: string): string | undefined {
  if (values === undefined) return undefined;
  if (values.length !== 1) throw invalid(filter, `filter[${filter}] takes one value.`);
  return values[0];
}

function minorUnits(values: string[] | undefined, filter: string): number | undefined {
  const value = one(values, filter);
  if (value === undefined) return undefined;
  if (!/^\d{1,9}$/.test(value))
    throw invalid(filter, `filter[${filter}] is a price in minor units (cents): a whole number, e.g. 2500.`);
  return Number(value);
}

function ratingMin(values: string[] | undefined): number | undefined {
  const value = one(values, "rating_min");
  if (value === undefined) return undefined;
  const rating = Number(value);
  if (!/^\d(\.\d+)?$/.test(value) || rating > 5)
    throw invalid("rating_min", "filter[rating_min] is a rating from 0 to 5, e.g. 4.5.");
  return rating;
}

function point(values: string[] | undefined): GeoPoint | undefined {
  if (values === undefined) return undefined;
  const [latitude, longitude] = values.map(Number);
  const ok =
    values.length === 2 &&
    values.every((value) => /^-?\d+(\.\d+)?$/.test(value)) &&
    latitude !== undefined &&
    longitude !== undefined &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180;
  if (!ok || latitude === undefined || longitude === undefined)
    throw invalid("near", 'filter[near] is "latitude,longitude" in degrees, e.g. 42.6977,23.3219.');
  return { latitude, longitude };
}

/**
 * filter[free_on] and filter[part_of_day]: a date that is today or later somewhere on Earth and at most a year
 * ahead (a business's own horizon and lead time are the slot engine's: past them a place is simply not free);
 * a part of the day only with a date.
 */
function freeOn(
  filter: CollectionQuery<SearchSortField, SearchFilter>["filter"],
  now: number,
): FreeOnQuery | undefined {
  const date = one(filter.free_on, "free_on");
  const part = one(filter.part_of_day, "part_of_day") as PartOfDay | undefined;
  if (date === undefined) {
    if (part !== undefined) throw invalid("part_of_day", "filter[part_of_day] needs filter[free_on], the date.");
    return undefined;
  }
  const { earliest, latest } = freeOnDateRange(now);
  // YYYY-MM-DD dates compare as text.
  if (date < earliest)
    throw invalid("free_on", `filter[free_on] is in the past: ${earliest} is the earliest date.`, "past");
  if (date > latest)
    throw invalid(
      "free_on",
      `filter[free_on] is at most ${FREE_ON_MAX_DAYS_AHEAD} days ahead (until ${latest}).`,
      "too_far_ahead",
    );
  return part === undefined ? { date } : { date, part };
}

/**
 * Checks the combination of filters and sort a generic JSON:API parse cannot: 400 with a reason otherwise.
 * `now` places filter[free_on] in time.
 */
export function toSearchParameters(
  query: CollectionQuery<SearchSortField, SearchFilter>,
  now: number,
): SearchParameters {
  const { filter } = query;
  const text = filter.q?.join(" ");
  const words = text === undefined ? [] : queryWords(text);
  if (text !== undefined && words.length === 0) throw invalid("q", "filter[q] needs a word of at least two letters.");
  const priceMin = minorUnits(filter.price_min, "price_min");
  const priceMax = minorUnits(filter.price_max, "price_max");
  if (priceMin !== undefined && priceMax !== undefined && priceMin > priceMax)
    throw invalid("price_min", "filter[price_min] is above filter[price_max].");
  const minimumRating = ratingMin(filter.rating_min);
  const near = point(filter.near);
  const free = freeOn(filter, now);

  if (query.sort.length > 1) {
    throw new AppError("invalid_parameter", "Search sorts by one field: relevance, rating, price or distance.", {
      parameter: "sort",
    });
  }
  const sort =
    query.sort[0] ??
    (words.length > 0 ? { field: "relevance", direction: "asc" } : { field: "rating", direction: "desc" });
  const sortError = (detail: string) => new AppError("invalid_parameter", detail, { parameter: "sort" });
  if (sort.field === "relevance" && words.length === 0) throw sortError("sort=relevance needs filter[q].");
  if (sort.field === "relevance" && sort.direction === "desc")
    throw sortError("sort=relevance already puts the best matches first; -relevance is not offered.");
  if (sort.field === "distance" && !near) throw sortError('sort=distance needs filter[near]="latitude,longitude".');

  return {
    words,
    ...(filter.city ? { city: filter.city } : {}),
    ...(filter.neighborhood ? { neighborhood: filter.neighborhood } : {}),
    ...(filter.marketplace_service ? { marketplaceService: filter.marketplace_service } : {}),
    ...(filter.category ? { category: filter.category } : {}),
    ...(filter.business_type ? { businessType: filter.business_type } : {}),
    ...(priceMin !== undefined ? { priceMin } : {}),
    ...(priceMax !== undefined ? { priceMax } : {}),
    ...(minimumRating !== undefined ? { ratingMin: minimumRating } : {}),
    ...(near ? { near } : {}),
    ...(free ? { freeOn: free } : {}),
    sort,
    page: query.page,
  };
}
