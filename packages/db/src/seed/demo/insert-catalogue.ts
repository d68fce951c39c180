import type { PgTable } from "drizzle-orm/pg-core";
import * as booking from "../../booking-schema.ts";
import * as catalogue from "../../catalogue-schema.ts";
import type { Database } from "../../database.ts";
import { refreshSearchIndex } from "../../search/refresh-search-index.ts";
import type { Catalogue } from "./generate-catalogue.ts";
import { insertRows } from "./insert-rows.ts";

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
  ["serviceResourceNeeds", booking.serviceResourceNeeds],
  ["employees", catalogue.employees],
  ["serviceEmployees", catalogue.serviceEmployees],
  ["employeeShifts", booking.employeeShifts],
  ["employeeBreaks", booking.employeeBreaks],
  ["reviews", catalogue.reviews],
  ["reviewItems", catalogue.reviewItems],
];

/**
 * Writes a generated catalogue in one transaction, moves every id sequence past the given ids and builds the
 * search rows. With `addition`, the rows join a catalogue already there (the booking bench's location): only their
 * own locations' search rows are built.
 */
export async function insertCatalogue(
  db: Database,
  data: Catalogue,
  options: { addition?: boolean } = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [key, table] of TABLES) await insertRows(tx, table, data[key]);
    const own = data.locations.map((location) => location.id as number);
    await refreshSearchIndex(tx, options.addition ? own : undefined);
  });
}
