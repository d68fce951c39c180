import type { PartOfDay } from "@termin/domain/booking/part-of-day";

/** The search page's URL parameters (parsed by search-params.ts on the server). */
export interface SearchParams {
  q?: string;
  city?: string;
  neighborhood?: string;
  service?: string;
  category?: string;
  type?: string;
  price_min?: number;
  price_max?: number;
  rating_min?: number;
  near?: string;
  /** A date, YYYY-MM-DD: places with a free time that day (each on its own clock). */
  free_on?: string;
  /** With free_on: the free time starts in this part of the day. */
  part_of_day?: PartOfDay;
  sort?: "relevance" | "rating" | "price" | "distance";
  page?: number;
}

export const SEARCH_PARAM_NAMES = [
  "q",
  "city",
  "neighborhood",
  "service",
  "category",
  "type",
  "price_min",
  "price_max",
  "rating_min",
  "near",
  "free_on",
  "part_of_day",
  "sort",
  "page",
] as const satisfies ReadonlyArray<keyof SearchParams>;

/**
 * The URL search string for the same search with some parameters changed (undefined removes one). Kept apart
 * from the parser: links are made in the browser, which should not download the validation library.
 */
export function withSearchParams(search: SearchParams, changes: Partial<Record<keyof SearchParams, unknown>>): string {
  const next = new URLSearchParams();
  const merged: Record<string, unknown> = { ...search, ...changes };
  // Any change other than paging starts from the first page.
  if (!("page" in changes)) delete merged.page;
  for (const name of SEARCH_PARAM_NAMES) {
    const value = merged[name];
    if (value !== undefined && value !== null && value !== "") next.set(name, String(value));
  }
  const text = next.toString();
  return text ? `?${text}` : "";
}
