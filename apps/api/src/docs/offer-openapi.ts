import type { CollectionRules } from "../jsonapi/query.ts";
import { employeeRules } from "../resources/employees/routes.ts";
import { reviewItemRules } from "../resources/review-items/routes.ts";
import { reviewRules } from "../resources/reviews/routes.ts";
import { serviceCategoryRules } from "../resources/service-categories/routes.ts";
import { serviceEmployeeRules } from "../resources/service-employees/routes.ts";
import { servicePriceRules } from "../resources/service-prices/routes.ts";
import { serviceRules } from "../resources/services/routes.ts";

import type { ResourceShape } from "./resource-schema.ts";

/** What the OpenAPI document says about a read-only resource (GET list and GET by id). */
export interface ReadOnlyResourceDoc {
  rules: CollectionRules<string, string>;
  /** The component schema's name. */
  schema: string;
  summary: string;
  description: string;
  noun: string;
  /** Its attributes and example (and id, when ids are not numbers: currencies are ISO codes). */
  shape: ResourceShape;
}

const text = { type: "string" };
const integer = { type: "integer" };
const nullableInteger = { type: ["integer", "null"] };

/** A business's offer: its menu, prices, staff and reviews. */
export const OFFER_RESOURCE_DOCS: ReadOnlyResourceDoc[] = [
  {
    rules: serviceCategoryRules,
    schema: "ServiceCategory",
    summary: "List service categories (a business's menu sections)",
    description:
      "Filters by id: business, location (the sections of that location's business); slug (unique within a business, so with business or location it names one section). Sort: position (default), name.",
    noun: "service category",
    shape: {
      exampleId: "31",
      attributes: { name: text, slug: text, position: integer },
      example: { name: "Colour", slug: "colour", position: 2 },
    },
  },
  {
    rules: serviceRules,
    schema: "Service",
    summary: "List services with their price and duration ranges",
    description:
      "Filters: business, location, service_category by id (location: the services someone working there actively performs); marketplace_service by slug. Sort: position (default: category position, then service position), name, price (lowest price). Relationships: business, serviceCategory, marketplaceService, servicePrices, employees (active only; filtered by location, only those working at that location).",
    noun: "service",
    shape: {
      exampleId: "118",
      example: {
        name: "Balayage",
        description: "Hand-painted highlights, toner and blow-dry included.",
        position: 3,
        currency: "EUR",
        price_minor_from: 9000,
        price_minor_to: 14000,
        duration_minutes_from: 150,
        duration_minutes_to: 210,
        kind: "appointment",
        capacity: null,
        payment_policy: "deposit",
        deposit_type: "percent",
        deposit_value: 20,
      },
      attributes: {
        name: text,
        description: text,
        position: integer,
        currency: { type: "string", description: "ISO 4217" },
        price_minor_from: { ...nullableInteger, description: "Lowest price in minor units" },
        price_minor_to: { ...nullableInteger, description: "Highest price in minor units" },
        duration_minutes_from: nullableInteger,
        duration_minutes_to: nullableInteger,
        kind: {
          type: "string",
          enum: ["appointment", "class"],
          description: "class: booked by the seat in its sessions (GET /v1c/class-sessions)",
        },
        capacity: { ...nullableInteger, description: "Seats in each session of a class; null for an appointment" },
        payment_policy: {
          type: "string",
          enum: ["venue", "deposit", "prepay"],
          description: "How it is paid: at the venue, a deposit online when booking, or the whole price online",
        },
        deposit_type: { type: ["string", "null"], enum: ["fixed", "percent", null] },
        deposit_value: { ...nullableInteger, description: "Minor units (fixed) or a percent of the price" },
      },
    },
  },
  {
    rules: servicePriceRules,
    schema: "ServicePrice",
    summary: "List service prices (variants)",
    description: "Filter by service id.",
    noun: "service price",
    shape: {
      exampleId: "240",
      attributes: {
        name: { type: ["string", "null"], description: "Variant name; null for a single price" },
        price_minor: { type: "integer", description: "In the currency's minor units" },
        currency: { type: "string", description: "ISO 4217" },
        duration_minutes: integer,
      },
      example: { name: "Long hair", price_minor: 14000, currency: "EUR", duration_minutes: 210 },
    },
  },
  {
    rules: employeeRules,
    schema: "Employee",
    summary: "List employees",
    description:
      "Filters by id: location, business, service (people actively performing it). Sort: name (last, then first name; default).",
    noun: "employee",
    shape: {
      exampleId: "57",
      attributes: { first_name: text, last_name: text, title: text },
      example: { first_name: "Elena", last_name: "Petrova", title: "Senior colourist" },
    },
  },
  {
    rules: serviceEmployeeRules,
    schema: "ServiceEmployee",
    summary: "List who performs which service",
    description: "Filters by id: service, employee. The business's commission terms are never exposed.",
    noun: "service employee",
    shape: { exampleId: "402", attributes: { active: { type: "boolean" } }, example: { active: true } },
  },
  {
    rules: reviewRules,
    schema: "Review",
    summary: "List reviews of locations",
    description:
      "Filters: location and employee by id, rating (1 to 5). Sort: created_at (default -created_at), rating. Filtered by exactly one location, meta.summary gives that location's { average (one decimal, null without reviews), count, distribution { 1..5: count }, aspects { aspect: average } } over all its reviews.",
    noun: "review",
    shape: {
      exampleId: "1093",
      attributes: {
        author_name: text,
        rating: { type: "integer", minimum: 1, maximum: 5 },
        text,
        language: text,
        created_at: { type: "string", format: "date-time" },
      },
      example: {
        author_name: "Maria K.",
        rating: 5,
        text: "Elena listened to what I wanted and the colour is exactly that.",
        language: "en",
        created_at: "2026-11-14T17:40:00.000Z",
      },
    },
  },
  {
    rules: reviewItemRules,
    schema: "ReviewItem",
    summary: "List the per-aspect ratings of reviews",
    description: "Filter by review id.",
    noun: "review item",
    shape: {
      exampleId: "2210",
      attributes: { aspect: text, rating: { type: "integer", minimum: 1, maximum: 5 } },
      example: { aspect: "cleanliness", rating: 5 },
    },
  },
];
