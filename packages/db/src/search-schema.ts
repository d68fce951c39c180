import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { currencies, locations, marketplaceServices } from "./catalogue-schema.ts";

/**
 * What marketplace search matches against, one row per location (docs/decisions/0012). Derived data:
 * rebuilt from the catalogue by `refreshSearchIndex` whenever locations, their business or menu change.
 * Kept out of `locations` so that reading a location never drags its search document along.
 */
export const locationSearchDocuments = pgTable(
  "location_search_documents",
  {
    locationId: integer("location_id")
      .primaryKey()
      .references(() => locations.id, { onDelete: "cascade" }),
    /**
     * The distinct words of the business, location, neighbourhood and service names and of the city,
     * business type and marketplace service names in all languages, lower-cased and unaccented.
     */
    words: text("words").array().notNull(),
    /** The location's own name, normalised the same way: what suggest-as-you-type matches. */
    name: text("name").notNull(),
  },
  (table) => [
    index("location_search_documents_words").using("gin", table.words),
    index("location_search_documents_name_trgm").using("gin", table.name.op("gin_trgm_ops")),
  ],
);

/**
 * Every word of the search documents, once: a typed word is first matched here, by trigram word
 * similarity over a few thousand short words, then documents are found by the words they contain
 * (docs/decisions/0012). Comparing a typed word with whole documents instead costs ~0.5 ms a document.
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
