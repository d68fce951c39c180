import { and, asc, desc, eq, sql, type SQLWrapper } from "drizzle-orm";
import { cities, locations, marketplaceServices } from "@termin/db/catalogue-schema";
import { locationSearchDocuments } from "@termin/db/search-schema";
import { normalizeForSearch } from "@termin/db/search/refresh-search-index";
import type { SearchSuggestionAttributes } from "@termin/contracts/search-resources";
import { atSiteLocations, type ReadContext } from "../../sites/read-context.ts";

export interface Suggestion extends SearchSuggestionAttributes {
  id: number;
}

/** How many of each kind the search box shows. */
const LIMITS = { marketplace_service: 4, city: 3, location: 5 } as const;

/** Mean word similarity of the typed words to a normalised text ("man" already matches "manicure"). */
const score = (words: string[], text: SQLWrapper) =>
  sql<number>`((${sql.join(
    words.map((word) => sql`word_similarity(${normalizeForSearch(word)}, ${text})`),
    sql` + `,
  )}) / ${words.length})`;
const allMatch = (words: string[], text: SQLWrapper) =>
  sql.join(
    words.map((word) => sql`${text} %> ${normalizeForSearch(word)}`),
    sql` and `,
  );

/**
 * Kinds of service, cities and locations whose names are like the typed words (on a business's own site, its own
 * places only). The taxonomy and cities are a few dozen rows each (their names in all languages are compared
 * directly); locations go through the trigram index on their normalised names.
 */
export async function suggestSearch(context: ReadContext, words: string[]): Promise<Suggestion[]> {
  const { db, language } = context;
  const serviceNames = normalizeForSearch(sql`${marketplaceServices.names}::text`);
  const cityNames = normalizeForSearch(sql`${cities.names}::text`);
  // The few best names first, then their locations: joining before the limit would read every location.
  const bestNames = db
    .select({
      locationId: locationSearchDocuments.locationId,
      score: score(words, locationSearchDocuments.name).as("score"),
    })
    .from(locationSearchDocuments)
    .where(
      and(allMatch(words, locationSearchDocuments.name), atSiteLocations(context, locationSearchDocuments.locationId)),
    )
    .orderBy(sql`score desc`, asc(locationSearchDocuments.locationId))
    .limit(LIMITS.location)
    .as("best_names");
  const [services, cityRows, locationRows] = await Promise.all([
    db
      .select({
        id: marketplaceServices.id,
        name: sql<string>`${marketplaceServices.names}->>${language}`,
        slug: marketplaceServices.slug,
        detail: marketplaceServices.category,
      })
      .from(marketplaceServices)
      .where(allMatch(words, serviceNames))
      .orderBy(desc(score(words, serviceNames)), asc(marketplaceServices.id))
      .limit(LIMITS.marketplace_service),
    db
      .select({
        id: cities.id,
        name: sql<string>`${cities.names}->>${language}`,
        slug: cities.slug,
        detail: cities.countryCode,
      })
      .from(cities)
      .where(allMatch(words, cityNames))
      .orderBy(desc(score(words, cityNames)), asc(cities.id))
      .limit(LIMITS.city),
    db
      .select({
        id: locations.id,
        name: locations.name,
        slug: locations.slug,
        detail: sql<string>`${cities.names}->>${language}`,
      })
      .from(bestNames)
      .innerJoin(locations, eq(locations.id, bestNames.locationId))
      .innerJoin(cities, eq(cities.id, locations.cityId))
      .orderBy(desc(bestNames.score), asc(locations.id)),
  ]);
  return [
    ...services.map((row) => ({ ...row, kind: "marketplace_service" as const })),
    ...cityRows.map((row) => ({ ...row, kind: "city" as const })),
    ...locationRows.map((row) => ({ ...row, kind: "location" as const })),
  ];
}
