import type { SearchParams } from "./search-links.ts";

/** The folded filters' fields that narrow the results (the sort only orders them). */
const NARROWING = [
  "city",
  "neighborhood",
  "service",
  "type",
  "rating_min",
  "price_min",
  "price_max",
  "free_on",
  "part_of_day",
] as const satisfies ReadonlyArray<keyof SearchParams>;

/**
 * How many of the filters behind the phone's Filters button narrow the results now, the number on the button. The
 * text, a category chosen on the services page and "Near me" are not among those fields and do not count. A price
 * counts only where it applies (a city, whose currency it is in), a time of day only with its day.
 */
export function activeFilterCount(search: SearchParams, { pricesApply }: { pricesApply: boolean }): number {
  return NARROWING.filter((name) => {
    if (search[name] === undefined) return false;
    if (name === "price_min" || name === "price_max") return pricesApply;
    if (name === "part_of_day") return search.free_on !== undefined;
    return true;
  }).length;
}
