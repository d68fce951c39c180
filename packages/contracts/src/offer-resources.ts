import type { CollectionDocument, PageMeta, ResourceObject } from "./jsonapi.ts";

/** `service-categories`: a business's own grouping of its menu ("Nails", "Hair"), in menu order. */
export interface ServiceCategoryAttributes {
  name: string;
  /** Unique within its business: the embed's category route names the category by it. */
  slug: string;
  position: number;
}
export type ServiceCategoryResource = ResourceObject<"service-categories", ServiceCategoryAttributes>;

/**
 * `services`: one entry of a business's menu. The price and duration ranges span its prices (variants);
 * they are null only for a service without any price.
 */
export interface ServiceAttributes {
  name: string;
  description: string;
  position: number;
  /** ISO 4217 code of the prices (the business's currency when the service has none). */
  currency: string;
  price_minor_from: number | null;
  price_minor_to: number | null;
  duration_minutes_from: number | null;
  duration_minutes_to: number | null;
  /** "class": booked by the seat in its sessions (class-sessions); "appointment": a time of its own. */
  kind: "appointment" | "class";
  /** Seats in each session of a class; null for an appointment. */
  capacity: number | null;
  /** How the business asks it to be paid: at the venue, a deposit online, or the whole price online. */
  payment_policy: "venue" | "deposit" | "prepay";
  /** A deposit's kind and value: minor units (fixed) or a percent of the price; null without a deposit. */
  deposit_type: "fixed" | "percent" | null;
  deposit_value: number | null;
}
export type ServiceResource = ResourceObject<"services", ServiceAttributes>;

/** `service-prices`: a price of a service, optionally a named variant ("Long hair"). */
export interface ServicePriceAttributes {
  /** The variant's name; null for a single-price service. */
  name: string | null;
  /** In the currency's minor units (cents). */
  price_minor: number;
  currency: string;
  duration_minutes: number;
}
export type ServicePriceResource = ResourceObject<"service-prices", ServicePriceAttributes>;

/** `employees`: a person who serves clients at one location. */
export interface EmployeeAttributes {
  first_name: string;
  last_name: string;
  title: string;
}
export type EmployeeResource = ResourceObject<"employees", EmployeeAttributes>;

/** `service-employees`: who performs a service. The business's commission terms are never exposed. */
export interface ServiceEmployeeAttributes {
  active: boolean;
}
export type ServiceEmployeeResource = ResourceObject<"service-employees", ServiceEmployeeAttributes>;

/** `reviews`: a client's review of a location. */
export interface ReviewAttributes {
  author_name: string;
  /** 1 to 5. */
  rating: number;
  text: string;
  /** The language the review is written in. */
  language: string;
  created_at: string;
}
export type ReviewResource = ResourceObject<"reviews", ReviewAttributes>;

/** `review-items`: the rating of one aspect of a review ("service", "cleanliness", "value", "punctuality"). */
export interface ReviewItemAttributes {
  aspect: string;
  rating: number;
}
export type ReviewItemResource = ResourceObject<"review-items", ReviewItemAttributes>;

/** A location's ratings at a glance: `meta.summary` of a review list filtered by exactly one location. */
export interface ReviewSummary {
  /** Mean rating to one decimal; null without reviews. */
  average: number | null;
  count: number;
  /** Number of reviews per star rating, "1" to "5". */
  distribution: Record<"1" | "2" | "3" | "4" | "5", number>;
  /** Mean rating per aspect, to one decimal. */
  aspects: Record<string, number>;
}

export type ReviewCollectionDocument = CollectionDocument<ReviewResource> & {
  meta: PageMeta & { summary?: ReviewSummary };
};
