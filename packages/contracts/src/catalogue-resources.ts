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
}
export type CityResource = ResourceObject<"cities", CityAttributes>;

export interface NeighborhoodAttributes {
  slug: string;
  name: string;
  latitude: number;
  longitude: number;
}
export type NeighborhoodResource = ResourceObject<"neighborhoods", NeighborhoodAttributes>;

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
