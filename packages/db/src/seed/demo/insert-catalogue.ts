import { getTableColumns, getTableName, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import * as catalogue from "../../catalogue-schema.ts";
import type { Database } from "../../database.ts";
import { refreshSearchIndex } from "../../search/refresh-search-index.ts";
import type { Catalogue } from "./generate-catalogue.ts";

/** Insert order follows the foreign keys. */
const TABLES: Array<[keyof Catalogue, PgTable]> = [
  ["currencies", catalogue.currencies],
  ["businessTypes", catalogue.businessTypes],
  ["marketplaceServices", catalogue.marketplaceServices],
  ["tags", catalogue.tags],
  ["cities", catalogue.cities],
  ["neighborhoods", catalogue.neighborhoods],
  ["businesses", catalogue.businesses],
  ["locations", catalogue.locations],
  ["locationTags", catalogue.locationTags],
  ["resources", catalogue.resources],
  ["media", catalogue.media],
  ["workingHours", catalogue.workingHours],
  ["serviceCategories", catalogue.serviceCategories],
  ["services", catalogue.services],
  ["servicePrices", catalogue.servicePrices],
  ["employees", catalogue.employees],
  ["serviceEmployees", catalogue.serviceEmployees],
  ["reviews", catalogue.reviews],
  ["reviewItems", catalogue.reviewItems],
];

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters for the widest table. */
const BATCH = 1000;

/**
 * Writes a generated catalogue in one transaction, moves every id sequence past the given ids and builds
 * the search rows.
 */
export async function insertCatalogue(db: Database, data: Catalogue): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [key, table] of TABLES) {
      const rows = data[key];
      for (let start = 0; start < rows.length; start += BATCH) {
        await tx.insert(table).values(rows.slice(start, start + BATCH));
      }
      if ("id" in getTableColumns(table) && rows.length > 0) {
        const name = getTableName(table);
        await tx.execute(
          sql`select setval(pg_get_serial_sequence(${name}, 'id'), (select max(id) from ${sql.identifier(name)}))`,
        );
      }
    }
    await refreshSearchIndex(tx);
  });
}
