import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { currencies, exchangeRates, locations } from "@termin/db/catalogue-schema";
import type { Database } from "@termin/db/database";
import type { PgSelect } from "drizzle-orm/pg-core";
import { locationMarketplaceServices, locationSearchWords, searchWords } from "@termin/db/search-schema";
import { normalizeForSearch } from "@termin/db/search/refresh-search-index";
import { AppError } from "../../http/app-error.ts";
import { locationsFreeOn, type FreeOnQuery } from "../../booking/free-on.ts";
import type { LocationRow } from "../locations/serialize.ts";
import type { GeoPoint, SearchParameters } from "./search-parameters.ts";

export interface SearchHit {
  location: LocationRow;
  /** 0..1: how well the query words match (null without filter[q]). */
  relevance: number | null;
  distanceKm: number | null;
  /** The cheapest service in scope (the filtered or searched kind of service, else any). */
  priceMinorFrom: number | null;
  currency: string | null;
}

const EARTH_RADIUS_KM = 6371;

/** Great-circle distance (haversine), in SQL so it can be sorted on. */
const distanceKm = ({ latitude, longitude }: GeoPoint): SQL<number> =>
  sql<number>`(${2 * EARTH_RADIUS_KM} * asin(sqrt(
    power(sin(radians(${locations.latitude} - ${latitude}) / 2), 2)
    + cos(radians(${latitude})) * cos(radians(${locations.latitude}))
      * power(sin(radians(${locations.longitude} - ${longitude}) / 2), 2))))`;

/**
 * The prices that count: of the kinds of service filtered on, else of those the query names, else of all;
 * within the price range. Filters, sorts and the "from" price of each result all use this one scope.
 */
function priceScope(params: SearchParameters): SQL {
  const column = locationMarketplaceServices.marketplaceServiceId;
  const parts: SQL[] = [];
  if (params.marketplaceService)
    parts.push(
      sql`${column} in (select id from marketplace_services where ${inArray(sql`slug`, params.marketplaceService)})`,
    );
  if (params.category)
    parts.push(
      sql`${column} in (select id from marketplace_services where ${inArray(sql`category`, params.category)})`,
    );
  if (parts.length === 0 && params.words.length > 0) {
    // "manicure sofia": manicure prices, not the cheapest eyebrow tint of a salon that also does nails.
    const named = sql`(select id from marketplace_services
      where ${sql.join(
        params.words.map((word) => sql`${normalizeForSearch(word)} <% ${normalizeForSearch(sql`names::text`)}`),
        sql` or `,
      )})`;
    parts.push(sql`(not exists ${named} or ${column} in ${named})`);
  }
  const price = locationMarketplaceServices.priceMinorFrom;
  if (params.priceMin !== undefined) parts.push(sql`${price} >= ${params.priceMin}`);
  if (params.priceMax !== undefined) parts.push(sql`${price} <= ${params.priceMax}`);
  return parts.length > 0 ? sql.join(parts, sql` and `) : sql`true`;
}

function locationConditions(params: SearchParameters): SQL[] {
  const parts: SQL[] = [];
  if (params.city)
    parts.push(sql`${locations.cityId} in (select id from cities where ${inArray(sql`slug`, params.city)})`);
  if (params.neighborhood)
    parts.push(
      sql`${locations.neighborhoodId} in (select id from neighborhoods where ${inArray(sql`slug`, params.neighborhood)})`,
    );
  if (params.businessType)
    parts.push(sql`${locations.businessId} in (select b.id from businesses b join business_types t on t.id = b.business_type_id
      where ${inArray(sql`t.slug`, params.businessType)})`);
  if (params.ratingMin !== undefined) parts.push(sql`${locations.ratingAverage} >= ${params.ratingMin}`);
  if (params.businessId !== undefined) parts.push(sql`${locations.businessId} = ${params.businessId}`);
  return parts;
}

/** The vocabulary words like each typed word (typo-tolerant), with how alike they are: one list per typed word. */
export type WordMatches = Array<Array<{ word: string; similarity: number }>>;

/** The vocabulary words like one typed word. `word %> typed`: word similarity over the threshold (0.6), in the
 * order the trigram index answers. */
export function wordMatchQuery(db: Database, typed: string) {
  const word = normalizeForSearch(typed);
  return db
    .select({
      word: searchWords.word,
      similarity: sql<number>`word_similarity(${word}, ${searchWords.word})`.mapWith(Number),
    })
    .from(searchWords)
    .where(sql`${searchWords.word} %> ${word}`);
}

export function matchQueryWords(db: Database, words: string[]): Promise<WordMatches> {
  return Promise.all(words.map((typed) => wordMatchQuery(db, typed)));
}

const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
const realArray = (values: number[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::real[]`;

/**
 * Per typed word, the locations holding one of its matches, with the similarity of their best one (read from
 * the primary key of location_search_words). Joining them all keeps the locations that match every word.
 */
function wordHits(matches: WordMatches) {
  return matches.map((list, index) => {
    const alias = sql.identifier(`word_${index}`);
    const words = textArray(list.map((match) => match.word));
    const similarities = realArray(list.map((match) => match.similarity));
    return {
      table: sql`(select hit.location_id, max(m.similarity) as similarity
        from unnest(${words}, ${similarities}) as m(word, similarity)
        join ${locationSearchWords} hit on hit.word = m.word
        group by hit.location_id) as ${alias}`,
      on: sql`${alias}.location_id = ${locations.id}`,
      similarity: sql`${alias}.similarity`,
    };
  });
}

/**
 * The cheapest in-scope price per location in euros, as a subquery to join: prices in pounds, denars and lira
 * compare only in one currency (decision 0032). A currency without a rate gives null, which sorts last.
 */
function pricesSubquery(db: Database, params: SearchParameters) {
  const { priceMinorFrom, currencyCode } = locationMarketplaceServices;
  return db
    .select({
      locationId: locationMarketplaceServices.locationId,
      price:
        sql<number>`min(${priceMinorFrom} / power(10, ${currencies.minorUnits}) / ${exchangeRates.perEuro}::float8)`.as(
          "price",
        ),
    })
    .from(locationMarketplaceServices)
    .innerJoin(currencies, eq(currencies.code, currencyCode))
    .leftJoin(exchangeRates, eq(exchangeRates.currencyCode, currencyCode))
    .where(priceScope(params))
    .groupBy(locationMarketplaceServices.locationId)
    .as("prices");
}

/** The joins and conditions every search query shares: the page and its count see the same matches. */
function matching<Q extends PgSelect>(query: Q, db: Database, params: SearchParameters, matches: WordMatches) {
  let joined: PgSelect = query;
  for (const hit of wordHits(matches)) joined = joined.innerJoin(hit.table, hit.on);
  // Prices join only when they filter or order; otherwise they are read for the page alone.
  const prices = pricesSubquery(db, params);
  const pricesFilter =
    params.marketplaceService || params.category || params.priceMin !== undefined || params.priceMax !== undefined;
  if (pricesFilter) joined = joined.innerJoin(prices, eq(prices.locationId, locations.id));
  else if (params.sort.field === "price") joined = joined.leftJoin(prices, eq(prices.locationId, locations.id));
  return { query: joined.where(and(...locationConditions(params))), prices };
}

/**
 * The matching ids in the search's order with relevance and distance (narrow rows: the sort stays in memory).
 * With text, the total comes along (`count(*) over()`: the matches are all read anyway).
 */
function orderedSearchQuery(db: Database, params: SearchParameters, matches: WordMatches) {
  const { near, sort } = params;
  const hits = wordHits(matches);
  // The mean of each typed word's best similarity.
  const relevance =
    hits.length > 0
      ? sql<number>`((${sql.join(
          hits.map((hit) => hit.similarity),
          sql` + `,
        )}) / ${hits.length})`
      : sql<null>`null`;
  const distance = near ? distanceKm(near) : sql<null>`null`;
  const base = db
    .select({
      id: locations.id,
      total: (hits.length > 0 ? sql<number>`count(*) over()` : sql<null>`null`).mapWith(Number),
      relevance: relevance.mapWith(Number).as("relevance"),
      distanceKm: distance.mapWith(Number).as("distance_km"),
    })
    .from(locations)
    .$dynamic();
  const { query, prices } = matching(base, db, params, matches);

  // By output name, so the expressions are not computed twice.
  const direction = sort.direction === "asc" ? sql`asc` : sql`desc`;
  const order: Record<typeof sort.field, SQL> = {
    relevance: sql`"relevance" desc, ${locations.ratingAverage} desc nulls last`,
    rating: sql`${locations.ratingAverage} ${direction} nulls last`,
    price: sql`${prices.price} ${direction} nulls last`,
    distance: sql`"distance_km" ${direction}`,
  };
  return (query as typeof base).orderBy(order[sort.field], asc(locations.id));
}

/**
 * One page of ids with relevance and distance. With text, the total comes along; without, `countSearch` counts
 * apart, so an ordered index can stop at the page.
 */
export function buildSearchQuery(db: Database, params: SearchParameters, matches: WordMatches) {
  return orderedSearchQuery(db, params, matches)
    .limit(params.page.size)
    .offset((params.page.number - 1) * params.page.size);
}

async function countSearch(db: Database, params: SearchParameters, matches: WordMatches): Promise<number> {
  const base = db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(locations)
    .$dynamic();
  const [row] = await (matching(base, db, params, matches).query as typeof base);
  return row?.count ?? 0;
}

/** The "from" price of each location on the page, in scope of the search. */
async function pagePrices(db: Database, params: SearchParameters, locationIds: number[]) {
  if (locationIds.length === 0) return new Map<number, { price: number; currency: string }>();
  const rows = await db
    .select({
      locationId: locationMarketplaceServices.locationId,
      price: sql<number>`min(${locationMarketplaceServices.priceMinorFrom})`.mapWith(Number),
      // A location prices everything in its business's currency; the cheapest row names it.
      currency: sql<string>`(array_agg(${locationMarketplaceServices.currencyCode} order by ${locationMarketplaceServices.priceMinorFrom}))[1]`,
    })
    .from(locationMarketplaceServices)
    .where(and(inArray(locationMarketplaceServices.locationId, locationIds), priceScope(params)))
    .groupBy(locationMarketplaceServices.locationId);
  return new Map(rows.map((row) => [row.locationId, { price: row.price, currency: row.currency }]));
}

type FoundRow = { id: number; relevance: number | null; distanceKm: number | null };

/** The page's rows and prices, in the order found. */
async function toHits(db: Database, params: SearchParameters, found: FoundRow[]): Promise<SearchHit[]> {
  const ids = found.map((row) => row.id);
  const [rows, prices] = await Promise.all([
    ids.length > 0 ? db.select().from(locations).where(inArray(locations.id, ids)) : [],
    pagePrices(db, params, ids),
  ]);
  const rowById = new Map(rows.map((row) => [row.id, row]));
  return found.flatMap(({ id, relevance, distanceKm }) => {
    const location = rowById.get(id);
    const price = prices.get(id);
    if (!location) return []; // deleted between the two reads
    return [
      {
        location,
        relevance: params.words.length > 0 ? relevance : null,
        distanceKm: params.near ? distanceKm : null,
        priceMinorFrom: price?.price ?? null,
        currency: price?.currency ?? null,
      },
    ];
  });
}

/**
 * The most places one search checks free times at: the places matching every other filter. Reading and the slot
 * engine cost about 0.1 ms a place on PostgreSQL and 0.2 ms on PGlite (decision 0027), so this keeps the search
 * within its latency goal; a broader search is asked to narrow (a city and a kind of service usually do).
 */
export const MAX_FREE_ON_CANDIDATES = 100;

/**
 * A search with filter[free_on]: the places matching the other filters, all of them in the search's order (the
 * query stops past the limit), then those the slot engine finds free, and only then the page. So the total and
 * every page agree with the filter. Reading for the engine skips, in SQL, places nobody works at in the window.
 */
async function searchFreeOn(
  db: Database,
  params: SearchParameters,
  freeOn: FreeOnQuery,
  matches: WordMatches,
  now: number,
): Promise<{ hits: SearchHit[]; total: number }> {
  const candidates = await orderedSearchQuery(db, params, matches).limit(MAX_FREE_ON_CANDIDATES + 1);
  if (candidates.length > MAX_FREE_ON_CANDIDATES) {
    throw new AppError(
      "invalid_parameter",
      `filter[free_on] checks free times at up to ${MAX_FREE_ON_CANDIDATES} places, and more match the other filters: choose a city and a kind of service, or a neighbourhood.`,
      { parameter: "filter[free_on]" },
      {},
      { reason: "too_many_places" },
    );
  }
  const free = await locationsFreeOn(
    db,
    candidates.map((row) => row.id),
    freeOn,
    now,
  );
  const kept = candidates.filter((row) => free.has(row.id));
  const { number, size } = params.page;
  return { hits: await toHits(db, params, kept.slice((number - 1) * size, number * size)), total: kept.length };
}

export async function searchLocations(
  db: Database,
  params: SearchParameters,
  now: number,
): Promise<{ hits: SearchHit[]; total: number }> {
  const matches = await matchQueryWords(db, params.words);
  // A typed word like no word of the catalogue: nothing can match all of them.
  if (matches.some((list) => list.length === 0)) return { hits: [], total: 0 };
  if (params.freeOn) return searchFreeOn(db, params, params.freeOn, matches, now);
  const [found, counted] = await Promise.all([
    buildSearchQuery(db, params, matches),
    params.words.length > 0 ? undefined : countSearch(db, params, matches),
  ]);
  const hits = await toHits(db, params, found);
  // Past the last page there are no rows to carry the count.
  const total = counted ?? found[0]?.total ?? (found.length === 0 ? await countSearch(db, params, matches) : 0);
  return { hits, total };
}
