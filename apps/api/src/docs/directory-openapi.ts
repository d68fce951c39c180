import { businessTypeRules } from "../resources/business-types/routes.ts";
import { businessRules } from "../resources/businesses/routes.ts";
import { cityRules } from "../resources/cities/routes.ts";
import { currencyRules } from "../resources/currencies/routes.ts";
import { neighborhoodRules } from "../resources/neighborhoods/routes.ts";
import { resourceRules } from "../resources/resources/routes.ts";
import { settingsRules } from "../resources/settings/routes.ts";
import { tagRules } from "../resources/tags/routes.ts";
import { workingHoursRules } from "../resources/working-hours/routes.ts";
import type { ReadOnlyResourceDoc } from "./offer-openapi.ts";

const text = { type: "string" };
const integer = { type: "integer" };
const number = { type: "number" };
const localizedName = { type: "string", description: "In the response language (Accept-Language)" };
const hhmm = { type: "string", pattern: "^\\d\\d:\\d\\d$", description: "HH:MM, local time of the location" };

/** The marketplace directory: businesses, places, taxonomies and the public rules of booking. */
export const DIRECTORY_RESOURCE_DOCS: ReadOnlyResourceDoc[] = [
  {
    rules: businessRules,
    schema: "Business",
    summary: "List businesses (public profiles; settings never appear here)",
    description:
      "Filters: slug, business_type (slug). Sort: name (default). Relationships: businessType, logo (media), locations (all of them).",
    noun: "business",
    shape: {
      exampleId: "4",
      attributes: { slug: text, name: text, description: text, currency: { type: "string", description: "ISO 4217" } },
      example: {
        slug: "studio-lena",
        name: "Studio Lena",
        description: "A hair and nail studio with two places in Sofia.",
        currency: "EUR",
      },
    },
  },
  {
    rules: cityRules,
    schema: "City",
    summary: "List cities with their number of locations",
    description:
      "Filters: slug, country (ISO 3166-1 alpha-2). Sort: location_count (default, descending), name (in the response language). Relationship: neighborhoods.",
    noun: "city",
    shape: {
      exampleId: "1",
      example: {
        slug: "sofia",
        name: "Sofia",
        country_code: "BG",
        time_zone: "Europe/Sofia",
        latitude: 42.6977,
        longitude: 23.3219,
        currency: "EUR",
        location_count: 24,
      },
      attributes: {
        slug: text,
        name: localizedName,
        country_code: text,
        time_zone: { type: "string", description: "IANA time zone" },
        latitude: number,
        longitude: number,
        currency: { type: "string", description: "ISO 4217" },
        location_count: integer,
      },
    },
  },
  {
    rules: neighborhoodRules,
    schema: "Neighborhood",
    summary: "List neighborhoods (named in their city's language)",
    description:
      "Filters: city (slug), slug, has_locations (true: only neighborhoods with at least one location; false: only those with none). Sort: name (default).",
    noun: "neighborhood",
    shape: {
      exampleId: "7",
      attributes: { slug: text, name: text, latitude: number, longitude: number },
      example: { slug: "lozenets", name: "Лозенец", latitude: 42.6747, longitude: 23.3197 },
    },
  },
  {
    rules: businessTypeRules,
    schema: "BusinessType",
    summary: "List business types (hair salon, spa...)",
    description: "Filter: slug. Sort: name in the response language (default).",
    noun: "business type",
    shape: {
      exampleId: "1",
      attributes: { slug: text, name: localizedName },
      example: { slug: "hair-salon", name: "Hair salon" },
    },
  },
  {
    rules: currencyRules,
    schema: "Currency",
    summary: "List currencies (id: ISO 4217 code)",
    description: "Prices are integers in minor units: divide by 10^minor_units.",
    noun: "currency",
    shape: {
      id: { type: "string", pattern: "^[A-Z]{3}$" },
      exampleId: "EUR",
      attributes: { code: text, minor_units: integer },
      example: { code: "EUR", minor_units: 2 },
    },
  },
  {
    rules: tagRules,
    schema: "Tag",
    summary: "List location tags (card payment, parking...)",
    description: "Filter: slug. Sort: name in the response language (default).",
    noun: "tag",
    shape: {
      exampleId: "2",
      attributes: { slug: text, name: localizedName },
      example: { slug: "card-payment", name: "Card payment" },
    },
  },
  {
    rules: workingHoursRules,
    schema: "WorkingHours",
    summary: "List opening hours of locations",
    description: "Filter: location (id). Sort: weekday, opens_at (default both ascending). Relationship: location.",
    noun: "working hours entry",
    shape: {
      exampleId: "85",
      attributes: {
        weekday: { type: "integer", minimum: 1, maximum: 7, description: "ISO: 1 Monday" },
        opens_at: hhmm,
        closes_at: hhmm,
      },
      example: { weekday: 1, opens_at: "09:00", closes_at: "19:00" },
    },
  },
  {
    rules: resourceRules,
    schema: "Resource",
    summary: "List bookable resources (rooms, chairs, equipment) of locations",
    description: "Filter: location (id). Sort: name (default). Relationship: location.",
    noun: "resource",
    shape: { exampleId: "5", attributes: { name: text }, example: { name: "Chair 2" } },
  },
  {
    rules: settingsRules,
    schema: "Settings",
    summary: "A business's public booking rules (id: the business id)",
    description:
      "Filter: business (id). Defaults apply where a business has set nothing. Only these attributes are ever answered (online_booking_enabled, cancellation_notice_hours, booking_lead_time_minutes, booking_horizon_days, max_seats_per_booking, unpaid_release_minutes); a business's other settings are never exposed.",
    noun: "business",
    shape: {
      exampleId: "4",
      attributes: {
        online_booking_enabled: { type: "boolean" },
        cancellation_notice_hours: integer,
        booking_lead_time_minutes: integer,
        booking_horizon_days: integer,
        max_seats_per_booking: integer,
        unpaid_release_minutes: integer,
      },
      example: {
        online_booking_enabled: true,
        cancellation_notice_hours: 24,
        booking_lead_time_minutes: 60,
        booking_horizon_days: 90,
        max_seats_per_booking: 4,
        unpaid_release_minutes: 30,
      },
    },
  },
];
