import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import { locations } from "@termin/db/catalogue-schema";
import type { Database } from "@termin/db/database";
import { locationMarketplaceServices, locationSearchDocuments } from "@termin/db/search-schema";
import { normalizeForSearch } from "@termin/db/search/refresh-search-index";
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
  for (const word of params.words) {
    // `document %> word`: the word is like a word of the document (word similarity over 0.6): typo-tolerant,
    // and in this order (indexed column first) the trigram index answers it.
    parts.push(sql`${locationSearchDocuments.document} %> ${normalizeForSearch(word)}`);
  }
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
  return parts;
}

/** Runs one page of a search; the total counts every match. */
export function buildSearchQuery(db: Database, params: SearchParameters) {
  const { words, near, sort } = params;
  const relevance =
    words.length > 0
      ? sql<number>`((${sql.join(
          words.map((word) => sql`word_similarity(${normalizeForSearch(word)}, ${locationSearchDocuments.document})`),
          sql` + `,
        )}) / ${words.length})`
      : sql<null>`null`;
  const distance = near ? distanceKm(near) : sql<null>`null`;

  // Prices join the query only when they filter or order it; otherwise they are read for the page alone.
  const pricesFilter =
    params.marketplaceService || params.category || params.priceMin !== undefined || params.priceMax !== undefined;
  const prices = db
    .select({
      locationId: locationMarketplaceServices.locationId,
      price: sql<number>`min(${locationMarketplaceServices.priceMinorFrom})`.as("price"),
    })
    .from(locationMarketplaceServices)
    .where(priceScope(params))
    .groupBy(locationMarketplaceServices.locationId)
    .as("prices");

  let query = db
    .select({
      ...getTableColumns(locations),
      total: sql<number>`count(*) over()`.mapWith(Number),
      relevance: relevance.mapWith(Number).as("relevance"),
      distanceKm: distance.mapWith(Number).as("distance_km"),
    })
    .from(locations)
    .$dynamic();
  if (words.length > 0)
    query = query.innerJoin(locationSearchDocuments, eq(locationSearchDocuments.locationId, locations.id));
  if (pricesFilter) query = query.innerJoin(prices, eq(prices.locationId, locations.id));
  else if (sort.field === "price") query = query.leftJoin(prices, eq(prices.locationId, locations.id));

  // By output name, so the expressions are not computed twice.
  const direction = sort.direction === "asc" ? sql`asc` : sql`desc`;
  const order: Record<typeof sort.field, SQL> = {
    relevance: sql`"relevance" desc, ${locations.ratingAverage} desc nulls last`,
    rating: sql`${locations.ratingAverage} ${direction} nulls last, ${locations.reviewCount} desc`,
    price: sql`${prices.price} ${direction} nulls last`,
    distance: sql`"distance_km" ${direction}`,
  };
  return query
    .where(and(...locationConditions(params)))
    .orderBy(order[sort.field], asc(locations.id))
    .limit(params.page.size)
    .offset((params.page.number - 1) * params.page.size);
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

export async function searchLocations(
  db: Database,
  params: SearchParameters,
): Promise<{ hits: SearchHit[]; total: number }> {
  const found = await buildSearchQuery(db, params);
  const prices = await pagePrices(
    db,
    params,
    found.map((row) => row.id),
  );
  const hits = found.map(({ total: _total, relevance, distanceKm, ...location }) => {
    const price = prices.get(location.id);
    return {
      location,
      relevance: params.words.length > 0 ? relevance : null,
      distanceKm: params.near ? distanceKm : null,
      priceMinorFrom: price?.price ?? null,
      currency: price?.currency ?? null,
    };
  });
  // Past the last page there are no rows to carry the count.
  const total = found[0]?.total ?? (params.page.number > 1 ? await countAll(db, params) : 0);
  return { hits, total };
}

async function countAll(db: Database, params: SearchParameters): Promise<number> {
  const rows = await buildSearchQuery(db, { ...params, page: { number: 1, size: 1 } });
  return rows[0]?.total ?? 0;
}
