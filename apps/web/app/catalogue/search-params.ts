import { z } from "zod";
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
  near: z.string().regex(/^-?\d{1,2}(\.\d+)?,-?\d{1,3}(\.\d+)?$/),
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
  // A sort by distance needs a point to measure from.
  if (result.sort === "distance" && result.near === undefined) delete result.sort;
  return result as SearchParams;
}

/**
 * The API query (GET /v1c/search) for a page of results. Prices compare within one currency, so a price range
 * applies with a city, whose currency's minor-unit digits convert it to the API's minor units.
 */
export function toApiQuery(
  search: SearchParams,
  pageSize: number,
  cityCurrencyDigits: number | null = null,
): Record<string, string> {
  const minor = (value: number | undefined) =>
    value === undefined || cityCurrencyDigits === null ? undefined : Math.round(value * 10 ** cityCurrencyDigits);
  const filters: Record<string, string | number | undefined> = {
    q: search.q,
    city: search.city,
    neighborhood: search.neighborhood,
    marketplace_service: search.service,
    category: search.category,
    business_type: search.type,
    price_min: minor(search.price_min),
    price_max: minor(search.price_max),
    rating_min: search.rating_min,
    near: search.near,
  };
  const query: Record<string, string> = { "page[size]": String(pageSize), "page[number]": String(search.page ?? 1) };
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined) query[`filter[${name}]`] = String(value);
  }
  const sort = search.sort ?? (search.q ? "relevance" : "rating");
  query.sort = sort === "rating" ? "-rating" : sort;
  return query;
}
