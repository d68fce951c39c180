import type { ResourceObject } from "./jsonapi.ts";

/** `locations` (spec section 3): a place where a business serves clients. */
export interface LocationAttributes {
  slug: string;
  name: string;
  address: string;
  latitude: number;
  longitude: number;
  /** IANA time zone: working hours and slots are in this zone. */
  time_zone: string;
  phone: string;
  description: string;
  rating_average: number | null;
  review_count: number;
}
export type LocationResource = ResourceObject<"locations", LocationAttributes>;

export interface BusinessAttributes {
  slug: string;
  name: string;
  description: string;
  currency: string;
}
export type BusinessResource = ResourceObject<"businesses", BusinessAttributes>;

/** `cities`, named in the response language. */
export interface CityAttributes {
  slug: string;
  name: string;
  country_code: string;
  time_zone: string;
  latitude: number;
  longitude: number;
  /** ISO 4217 code of the prices there. */
  currency: string;
  /** How many locations the marketplace lists in the city. */
  location_count: number;
}
export type CityResource = ResourceObject<"cities", CityAttributes>;

export interface NeighborhoodAttributes {
  slug: string;
  name: string;
  latitude: number;
  longitude: number;
}
export type NeighborhoodResource = ResourceObject<"neighborhoods", NeighborhoodAttributes>;

/** `business-types` (hair salon, spa...), named in the response language. */
export interface BusinessTypeAttributes {
  slug: string;
  name: string;
}
export type BusinessTypeResource = ResourceObject<"business-types", BusinessTypeAttributes>;

/** `currencies`: id is the ISO 4217 code; prices are integers in `minor_units` decimals (2: cents). */
export interface CurrencyAttributes {
  code: string;
  minor_units: number;
}
export type CurrencyResource = ResourceObject<"currencies", CurrencyAttributes>;

/** `tags`: features of a location (card payment, parking...), named in the response language. */
export interface TagAttributes {
  slug: string;
  name: string;
}
export type TagResource = ResourceObject<"tags", TagAttributes>;

/** `working-hours`: one opening span of a location, in the location's local time. */
export interface WorkingHoursAttributes {
  /** ISO weekday: 1 Monday ... 7 Sunday. */
  weekday: number;
  /** "HH:MM", local time of the location's time zone. */
  opens_at: string;
  closes_at: string;
}
export type WorkingHoursResource = ResourceObject<"working-hours", WorkingHoursAttributes>;

/** `resources`: a bookable room, chair or piece of equipment of a location. */
export interface BookableResourceAttributes {
  name: string;
}
export type BookableResourceResource = ResourceObject<"resources", BookableResourceAttributes>;

/** `settings`: a business's public booking rules (id = the business id); private settings never appear. */
export interface SettingsAttributes {
  online_booking_enabled: boolean;
  /** Appointments can be cancelled free of charge up to this many hours before they start. */
  cancellation_notice_hours: number;
  /** The earliest bookable slot is this many minutes from now. */
  booking_lead_time_minutes: number;
  /** The latest bookable day is this many days ahead. */
  booking_horizon_days: number;
  /** Seats one booking may take in a class session. */
  max_seats_per_booking: number;
  /** Minutes a booking waiting for its online payment is kept before it is released. */
  unpaid_release_minutes: number;
}
export type SettingsResource = ResourceObject<"settings", SettingsAttributes>;

/** `marketplace-services`: the global taxonomy (haircut, manicure...), named in the response language. */
export interface MarketplaceServiceAttributes {
  slug: string;
  name: string;
  category: string;
}
export type MarketplaceServiceResource = ResourceObject<"marketplace-services", MarketplaceServiceAttributes>;

/**
 * `media`: a picture or a video. Pictures are fetched from `image_url` with `?s={longest side}`
 * (one of the image endpoint's sizes); a video's `image_url` is its poster frame.
 */
export interface MediaAttributes {
  kind: "image" | "video";
  width: number;
  height: number;
  alt: string;
  image_url: string;
  /** The WebM file, for kind "video"; null for pictures. */
  video_url: string | null;
  duration_seconds: number | null;
  like_count: number;
  created_at: string;
}
export type MediaResource = ResourceObject<"media", MediaAttributes>;
