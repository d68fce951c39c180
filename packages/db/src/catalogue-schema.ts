import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import type { Language } from "@termin/domain/languages";
import type { BusinessSettings } from "./business-settings.ts";
import { paymentPolicyCheck, paymentPolicyColumns } from "./payment-policy.ts";

/** A name in each of the 11 languages (marketplace taxonomy, cities, business types). */
export type Names = Record<Language, string>;

/** Raw bytes (PostgreSQL bytea), read and written as Node Buffers. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

// By default, so the demo generator can give stable ids (stable URLs in tests); sequences are moved past them.
const id = () => integer("id").primaryKey().generatedByDefaultAsIdentity();

export const currencies = pgTable("currencies", {
  code: text("code").primaryKey(), // ISO 4217
  minorUnits: smallint("minor_units").notNull(),
});

/**
 * What one euro buys in each currency, as a published reference gave it on `rateDate`: prices in different
 * currencies are compared in euros (the search's price sort). Reference data, re-applied at every start; no
 * foreign key to `currencies`, which the catalogue fills later.
 */
export const exchangeRates = pgTable("exchange_rates", {
  currencyCode: text("currency_code").primaryKey(), // ISO 4217
  perEuro: numeric("per_euro", { precision: 14, scale: 6 }).notNull(),
  rateDate: date("rate_date").notNull(),
  /** Who published the rate, so a reader can check it. */
  source: text("source").notNull(),
});

export const businessTypes = pgTable("business_types", {
  id: id(),
  slug: text("slug").notNull().unique(),
  names: jsonb("names").$type<Names>().notNull(),
});

export const cities = pgTable("cities", {
  id: id(),
  slug: text("slug").notNull().unique(),
  countryCode: text("country_code").notNull(),
  language: text("language").notNull(),
  currencyCode: text("currency_code")
    .notNull()
    .references(() => currencies.code),
  timeZone: text("time_zone").notNull(),
  latitude: doublePrecision("latitude").notNull(),
  longitude: doublePrecision("longitude").notNull(),
  names: jsonb("names").$type<Names>().notNull(),
});

export const neighborhoods = pgTable(
  "neighborhoods",
  {
    id: id(),
    cityId: integer("city_id")
      .notNull()
      .references(() => cities.id),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
  },
  (table) => [unique().on(table.cityId, table.slug)],
);

export const marketplaceServices = pgTable("marketplace_services", {
  id: id(),
  slug: text("slug").notNull().unique(),
  category: text("category").notNull(),
  names: jsonb("names").$type<Names>().notNull(),
});

export const tags = pgTable("tags", {
  id: id(),
  slug: text("slug").notNull().unique(),
  names: jsonb("names").$type<Names>().notNull(),
});

export const businesses = pgTable("businesses", {
  id: id(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  businessTypeId: integer("business_type_id")
    .notNull()
    .references(() => businessTypes.id),
  currencyCode: text("currency_code")
    .notNull()
    .references(() => currencies.code),
  description: text("description").notNull(),
  logoMediaId: integer("logo_media_id"),
  /** Business-level switches the apps read (e.g. online booking on/off). */
  settings: jsonb("settings").$type<BusinessSettings>().notNull().default({}),
});

export const locations = pgTable(
  "locations",
  {
    id: id(),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    address: text("address").notNull(),
    cityId: integer("city_id")
      .notNull()
      .references(() => cities.id),
    neighborhoodId: integer("neighborhood_id").references(() => neighborhoods.id),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    timeZone: text("time_zone").notNull(),
    phone: text("phone").notNull(),
    description: text("description").notNull(),
    coverMediaId: integer("cover_media_id"),
    // Kept in step with reviews by the writers of reviews, so lists sort by rating without aggregating.
    ratingAverage: numeric("rating_average", { precision: 3, scale: 2, mode: "number" }),
    reviewCount: integer("review_count").notNull().default(0),
  },
  (table) => [
    // Best rated first within a city: the default order of search and of location lists filtered by city.
    index("locations_city_id_rating_index").on(table.cityId, table.ratingAverage.desc().nullsLast(), table.id),
    index().on(table.businessId),
  ],
);

export const locationTags = pgTable(
  "location_tags",
  {
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id),
  },
  (table) => [primaryKey({ columns: [table.locationId, table.tagId] })],
);

export const workingHours = pgTable(
  "working_hours",
  {
    id: id(),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    /** ISO weekday: 1 Monday ... 7 Sunday, in the location's time zone. */
    weekday: smallint("weekday").notNull(),
    opensAt: time("opens_at").notNull(),
    closesAt: time("closes_at").notNull(),
  },
  (table) => [index().on(table.locationId)],
);

/** One bookable unit (Room 2, Chair 1); a location has as many of a kind as it has rows of that kind. */
export const resources = pgTable(
  "resources",
  {
    id: id(),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** What services ask for ("room", "chair", "station", "hall"): service_resource_needs names kinds, not units. */
    kind: text("kind").notNull().default("room"),
  },
  // Free times read a location's units (one location, or a search's candidates at once).
  (table) => [index().on(table.locationId)],
);

export const media = pgTable(
  "media",
  {
    id: id(),
    kind: text("kind", { enum: ["image", "video"] }).notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** The picture itself as SVG source: demo media are drawn, not downloaded; the image endpoint rasterises. */
    svg: text("svg").notNull(),
    alt: text("alt").notNull(),
    /** For kind "video": the WebM file itself (the svg above is its poster frame). */
    video: bytea("video"),
    durationSeconds: doublePrecision("duration_seconds"),
    businessId: integer("business_id").references(() => businesses.id),
    locationId: integer("location_id").references(() => locations.id),
    marketplaceServiceId: integer("marketplace_service_id").references(() => marketplaceServices.id),
    /** Shown in the Look Book. */
    inspiration: boolean("inspiration").notNull().default(false),
    likeCount: integer("like_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.locationId), index().on(table.inspiration, table.marketplaceServiceId)],
);

export const serviceCategories = pgTable(
  "service_categories",
  {
    id: id(),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id),
    name: text("name").notNull(),
    /** From the name, ASCII: the embed's category route names the category by it, within its business. */
    slug: text("slug").notNull(),
    position: smallint("position").notNull(),
  },
  (table) => [unique().on(table.businessId, table.slug)],
);

export const services = pgTable(
  "services",
  {
    id: id(),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id),
    serviceCategoryId: integer("service_category_id")
      .notNull()
      .references(() => serviceCategories.id),
    marketplaceServiceId: integer("marketplace_service_id")
      .notNull()
      .references(() => marketplaceServices.id),
    name: text("name").notNull(),
    description: text("description").notNull(),
    position: smallint("position").notNull(),
    /** Minutes the employee (and rooms) are taken before and after the service itself: preparation, cleaning. */
    bufferBeforeMinutes: smallint("buffer_before_minutes").notNull().default(0),
    bufferAfterMinutes: smallint("buffer_after_minutes").notNull().default(0),
    /** An appointment (one client, times from the free slots) or a class (sessions on a schedule, seats for many). */
    kind: text("kind", { enum: ["appointment", "class"] })
      .notNull()
      .default("appointment"),
    /** Seats of each session of a class; null for appointments. */
    capacity: smallint("capacity"),
    ...paymentPolicyColumns(),
  },
  (table) => [
    index().on(table.businessId),
    index().on(table.marketplaceServiceId),
    check("services_class_has_capacity", sql`(${table.kind} = 'class') = (${table.capacity} is not null)`),
    check("services_capacity_positive", sql`${table.capacity} is null or ${table.capacity} > 0`),
    paymentPolicyCheck("services", table),
  ],
);

export const servicePrices = pgTable(
  "service_prices",
  {
    id: id(),
    serviceId: integer("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    /** Variant name (e.g. "Long hair"); null for a single-price service. */
    name: text("name"),
    /** In the currency's minor units (cents), so sums never round. */
    priceMinor: integer("price_minor").notNull(),
    currencyCode: text("currency_code")
      .notNull()
      .references(() => currencies.code),
    durationMinutes: smallint("duration_minutes").notNull(),
  },
  (table) => [index().on(table.serviceId)],
);

export const employees = pgTable(
  "employees",
  {
    id: id(),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    title: text("title").notNull(),
    avatarMediaId: integer("avatar_media_id").references(() => media.id),
  },
  (table) => [index().on(table.locationId)],
);

export const serviceEmployees = pgTable(
  "service_employees",
  {
    id: id(),
    serviceId: integer("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    employeeId: integer("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    active: boolean("active").notNull().default(true),
    // The business's private terms with its staff: never in a client response (docs/decisions/0011).
    commissionValue: numeric("commission_value", { precision: 8, scale: 2, mode: "number" }),
    commissionType: text("commission_type", { enum: ["percent", "fixed"] }),
  },
  (table) => [unique().on(table.serviceId, table.employeeId), index().on(table.employeeId)],
);

export const reviews = pgTable(
  "reviews",
  {
    id: id(),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    employeeId: integer("employee_id").references(() => employees.id),
    authorName: text("author_name").notNull(),
    rating: smallint("rating").notNull(),
    text: text("text").notNull(),
    language: text("language").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [index().on(table.locationId, table.createdAt)],
);

export const reviewItems = pgTable(
  "review_items",
  {
    id: id(),
    reviewId: integer("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    /** What was rated: "service", "cleanliness", "value", "punctuality". */
    aspect: text("aspect").notNull(),
    rating: smallint("rating").notNull(),
  },
  (table) => [index().on(table.reviewId)],
);
