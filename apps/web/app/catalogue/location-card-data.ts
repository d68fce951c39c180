import type {
  BusinessResource,
  CityResource,
  LocationResource,
  MediaResource,
  NeighborhoodResource,
} from "@termin/contracts/catalogue-resources";
import type { Included } from "../api/included.ts";
import type { PictureData } from "./image-sources.ts";

/** What a location card shows; small, because it travels in the page's loader data. */
export interface LocationCardData {
  id: string;
  slug: string;
  name: string;
  businessName: string | null;
  place: string;
  ratingAverage: number | null;
  reviewCount: number;
  cover: PictureData | null;
  priceFrom: { minor: number; currency: string } | null;
  distanceKm: number | null;
  /** Whether the signed-in client saved it (My locations); false for a visitor. */
  saved: boolean;
}

/** The picture of a media resource (a video's poster frame). */
export function pictureOf(media: MediaResource): PictureData {
  const { image_url, width, height, alt } = media.attributes;
  return { url: image_url, width, height, alt };
}

export function toPicture(media: MediaResource | undefined): PictureData | null {
  return media ? pictureOf(media) : null;
}

/** The card of a location from a document that included business, city, neighborhood and cover. */
export function toLocationCard(
  location: LocationResource,
  included: Included,
  extra: { priceFrom?: LocationCardData["priceFrom"]; distanceKm?: number | null; saved?: boolean } = {},
): LocationCardData {
  const business = included.one<BusinessResource>(location, "business", "businesses");
  const city = included.one<CityResource>(location, "city", "cities");
  const neighborhood = included.one<NeighborhoodResource>(location, "neighborhood", "neighborhoods");
  const { slug, name, rating_average, review_count } = location.attributes;
  return {
    id: location.id,
    slug,
    name,
    // A chain's location is often named after the business; saying it twice helps no one.
    businessName: business && business.attributes.name !== name ? business.attributes.name : null,
    place: [neighborhood?.attributes.name, city?.attributes.name].filter(Boolean).join(", "),
    ratingAverage: rating_average,
    reviewCount: review_count,
    cover: toPicture(included.one<MediaResource>(location, "cover", "media")),
    priceFrom: extra.priceFrom ?? null,
    distanceKm: extra.distanceKm ?? null,
    saved: extra.saved ?? false,
  };
}

/** The includes a list of location cards asks the API for. */
export const LOCATION_CARD_INCLUDE = "business,city,neighborhood,cover";
