import { z } from "zod";
import { PARTS_OF_DAY } from "@termin/domain/booking/part-of-day";
import { ApiError } from "../api/client.ts";
import { SEARCH_PARAM_NAMES, type SearchParams } from "./search-links.ts";

/**
 * The search page's state lives in its URL (shareable, and the back button works): short, readable
 * parameters for people, mapped to the API's JSON:API filters. Values that do not parse are dropped,
 * not fatal: a hand-edited link still shows results.
 */
const slug = z.string().regex(/^[a-z0-9-]{1,80}$/);
// Prices in the URL are what people type: whole currency units ("40" for 40 €), converted for the API.
const amount = z.coerce.number().min(0).max(1_000_000);
const searchFields = {
  q: z.string().trim().min(1).max(120),
  city: slug,
  neighborhood: slug,
  service: slug,
  category: slug,
  type: slug,
  price_min: amount,
  price_max: amount,
  rating_min: z.coerce.number().min(1).max(5),
  near: z
    .string()
    .regex(/^-?\d{1,2}(\.\d+)?,-?\d{1,3}(\.\d+)?$/)
    .refine((value) => {
      const [latitude = 0, longitude = 0] = value.split(",").map(Number);
      return Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
    }),
  // Not checked here: the API says what is wrong with a day (not a date, past, too far ahead), and the page says it.
  free_on: z.string().trim().min(1).max(40),
  part_of_day: z.enum(PARTS_OF_DAY),
  sort: z.enum(["relevance", "rating", "price", "distance"]),
  page: z.coerce.number().int().min(1).max(500),
} satisfies Record<keyof SearchParams, z.ZodType>;

export function parseSearchParams(params: URLSearchParams): SearchParams {
  const result: Record<string, unknown> = {};
  for (const name of SEARCH_PARAM_NAMES) {
    const raw = params.get(name);
    if (raw === null || raw === "") continue;
    const parsed = searchFields[name].safeParse(raw);
    if (parsed.success) result[name] = parsed.data;
  }
  // A sort by distance needs a point to measure from, by relevance a text to match.
  if (result.sort === "distance" && result.near === undefined) delete result.sort;
  if (result.sort === "relevance" && result.q === undefined) delete result.sort;
  return result as SearchParams;
}

/** Where each of the page's parameters goes in the API's query (GET /v1c/search). */
const API_PARAMETER = {
  q: "filter[q]",
  city: "filter[city]",
  neighborhood: "filter[neighborhood]",
  service: "filter[marketplace_service]",
  category: "filter[category]",
  type: "filter[business_type]",
  price_min: "filter[price_min]",
  price_max: "filter[price_max]",
  rating_min: "filter[rating_min]",
  near: "filter[near]",
  free_on: "filter[free_on]",
  part_of_day: "filter[part_of_day]",
  sort: "sort",
  page: "page[number]",
} as const satisfies Record<keyof SearchParams, string>;

/**
 * The API query (GET /v1c/search) for a page of results. Prices compare within one currency, so a price range
 * applies with a city, whose currency's minor-unit digits convert it to the API's minor units. A part of the day
 * applies with a date (the page keeps it, and asks for the date).
 */
export function toApiQuery(
  search: SearchParams,
  pageSize: number,
  cityCurrencyDigits: number | null = null,
): Record<string, string> {
  const minor = (value: number | undefined) =>
    value === undefined || cityCurrencyDigits === null ? undefined : Math.round(value * 10 ** cityCurrencyDigits);
  const sort = search.sort ?? (search.q ? "relevance" : "rating");
  const values: Partial<Record<keyof SearchParams, string | number>> = {
    ...search,
    price_min: minor(search.price_min),
    price_max: minor(search.price_max),
    part_of_day: search.free_on ? search.part_of_day : undefined,
    sort: sort === "rating" ? "-rating" : sort,
    page: search.page ?? 1,
  };
  const query: Record<string, string> = { "page[size]": String(pageSize) };
  for (const name of SEARCH_PARAM_NAMES) {
    const value = values[name];
    if (value !== undefined) query[API_PARAMETER[name]] = String(value);
  }
  return query;
}

/** Why the API did not check free times, from its error's meta.reason (decision 0027). */
export const FREE_ON_REFUSALS = ["not_a_date", "past", "too_far_ahead", "too_many_places"] as const;
/** "other": a refusal without a reason this page knows. */
export type FreeOnRefusal = (typeof FREE_ON_REFUSALS)[number] | "other";

/** The reason the API gave for refusing filter[free_on]; "other" when it gave none this page knows. */
export function freeOnRefusal(error: ApiError): FreeOnRefusal {
  const reason = error.errors.find((each) => each.source?.parameter === API_PARAMETER.free_on)?.meta?.reason;
  return FREE_ON_REFUSALS.find((known) => known === reason) ?? "other";
}

/**
 * The page's parameter the API refused: a 400 whose error names where toApiQuery put it (`filter[q]` is `q`).
 * Undefined for any other answer, which is not the visitor's doing.
 */
export function refusedSearchParam(error: unknown): keyof SearchParams | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const named = new Set(error.errors.map((each) => each.source?.parameter));
  return SEARCH_PARAM_NAMES.find((name) => named.has(API_PARAMETER[name]));
}
