import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../database.ts";

/**
 * The one normalisation search uses, on documents here and on query words in the API: lower case without
 * accents ("MANICÚRE" -> "manicure", "Μανικιούρ" -> "μανικιουρ", "Ёлка" -> "елка").
 */
export const normalizeForSearch = (value: SQL | string): SQL => sql`lower(immutable_unaccent(${value}))`;

/** Every value of a `names` jsonb (one per language), space-separated. */
const allNames = (column: SQL) => sql`(select string_agg(value, ' ') from jsonb_each_text(${column}))`;

/**
 * Rebuilds the search rows (documents, vocabulary, cheapest prices) of the given locations, or of all.
 * Call it after writing locations, businesses, services or prices: search reads only these rows.
 */
export async function refreshSearchIndex(db: Database, locationIds?: number[]): Promise<void> {
  const only = (column: SQL) => (locationIds ? sql`${column} in ${locationIds}` : sql`true`);
  if (locationIds?.length === 0) return;
  for (const table of ["location_search_documents", "location_search_words", "location_marketplace_services"]) {
    await db.execute(sql`delete from ${sql.identifier(table)} where ${only(sql`location_id`)}`);
  }
  await db.execute(sql`
    insert into location_search_documents (location_id, name)
    select l.id, ${normalizeForSearch(sql`l.name`)} from locations l where ${only(sql`l.id`)}`);
  // Words are split on spaces and punctuation and kept once per location.
  await db.execute(sql`
    insert into location_search_words (word, location_id)
    select distinct word, l.id
    from locations l
    join businesses b on b.id = l.business_id
    join business_types bt on bt.id = b.business_type_id
    join cities c on c.id = l.city_id
    left join neighborhoods n on n.id = l.neighborhood_id,
    regexp_split_to_table(${normalizeForSearch(sql`concat_ws(' ',
      b.name, l.name, n.name, ${allNames(sql`c.names`)}, ${allNames(sql`bt.names`)},
      (select string_agg(s.name, ' ') from services s where s.business_id = l.business_id),
      (select string_agg(names.value, ' ')
         from marketplace_services ms, jsonb_each_text(ms.names) names
        where ms.id in (select s.marketplace_service_id from services s where s.business_id = l.business_id)))`)},
      '[[:space:],.;:!?()/&+"«»„“”''’–—-]+') as word
    where word <> '' and ${only(sql`l.id`)}
    -- Written in word order, a word's rows sit together on disk: a lookup reads a few pages, not one per row.
    order by word, l.id`);
  // A location offers its business's whole menu.
  await db.execute(sql`
    insert into location_marketplace_services (marketplace_service_id, location_id, price_minor_from, currency_code)
    select distinct on (s.marketplace_service_id, l.id) s.marketplace_service_id, l.id, p.price_minor, p.currency_code
    from locations l
    join services s on s.business_id = l.business_id
    join service_prices p on p.service_id = s.id
    where ${only(sql`l.id`)}
    order by s.marketplace_service_id, l.id, p.price_minor`);
  // The vocabulary only grows: a word no document holds any more just matches nothing.
  await db.execute(sql`
    insert into search_words (word)
    select distinct word from location_search_words where ${only(sql`location_id`)}
    on conflict do nothing`);
  // Fresh statistics, so the planner knows how selective words, cities and prices are (PGlite has no autovacuum),
  // and that a place's staff, hours and menu are a few rows behind an index: the "free on" filter reads them per
  // candidate, and a table the planner believes empty is scanned whole each time (15 ms instead of 4).
  await db.execute(
    sql`analyze location_search_documents, location_search_words, location_marketplace_services, search_words, locations,
        employees, employee_shifts, employee_breaks, working_hours, services, service_prices, service_employees,
        service_resource_needs, resources`,
  );
}
