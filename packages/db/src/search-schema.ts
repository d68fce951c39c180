import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { currencies, locations, marketplaceServices } from "./catalogue-schema.ts";

/*
 * Marketplace search (docs/decisions: marketplace search). All tables here are derived data, rebuilt from the
 * catalogue by `refreshSearchIndex` whenever locations, their business or menu change.
 */

/** Each location's name, lower-cased and unaccented: what suggest-as-you-type matches. */
export const locationSearchDocuments = pgTable(
  "location_search_documents",
  {
    locationId: integer("location_id")
      .primaryKey()
      .references(() => locations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
  },
  (table) => [index("location_search_documents_name_trgm").using("gin", table.name.op("gin_trgm_ops"))],
);

/**
 * The words each location is found by (one row per location and word): the business, location, neighbourhood
 * and service names and the city, business type and marketplace service names in all languages, lower-cased
 * and unaccented. Looking up the few words like a typed one reads only the locations that hold them.
 */
export const locationSearchWords = pgTable(
  "location_search_words",
  {
    word: text("word").notNull(),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.word, table.locationId] }), index().on(table.locationId)],
);

/**
 * Every word of `location_search_words`, once: a typed word is first matched here, by trigram word similarity
 * over a few thousand short words, then locations by the words they hold. (Comparing a typed word with whole
 * per-location documents instead cost ~0.5 ms a document: seconds at 10,000 locations.)
 */
export const searchWords = pgTable("search_words", { word: text("word").primaryKey() }, (table) => [
  index("search_words_word_trgm").using("gin", table.word.op("gin_trgm_ops")),
]);

/** The cheapest price of each kind of service a location offers: price filter, price sort, "from" prices. */
export const locationMarketplaceServices = pgTable(
  "location_marketplace_services",
  {
    marketplaceServiceId: integer("marketplace_service_id")
      .notNull()
      .references(() => marketplaceServices.id),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    /** The lowest price of the location's services (and their variants) of this kind, in minor units. */
    priceMinorFrom: integer("price_minor_from").notNull(),
    currencyCode: text("currency_code")
      .notNull()
      .references(() => currencies.code),
  },
  (table) => [
    primaryKey({ columns: [table.marketplaceServiceId, table.locationId] }),
    index().on(table.locationId, table.priceMinorFrom),
  ],
);
