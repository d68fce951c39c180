/**
 * Shapes of the hand-written demo data files in ./data (JSON). The generator combines them with a
 * seeded random source into businesses, locations, services, staff, hours, reviews and media.
 */
import type { Language } from "@termin/domain/languages";

/** A name in each of the 11 languages. */
export type Names = Record<Language, string>;

/** data/cities.json */
export interface CitySeed {
  slug: string; // "sofia", ascii, unique
  country: string; // ISO 3166-1 alpha-2, e.g. "BG"
  language: Language; // the local language used for business names and texts there
  currency: string; // ISO 4217: EUR (BG, GR, DE, ES, IT, FR), MKD, RON, TRY, RUB, GBP
  timeZone: string; // IANA, e.g. "Europe/Sofia"
  latitude: number;
  longitude: number;
  names: Names; // the city's name in every language ("Sofia", "София", "Σόφια"...)
  /** How much a service costs here compared to the locale's base prices (1 = capital city). */
  priceFactor: number;
  /** Real phone prefix with the area code, e.g. "+359 2" for Sofia. */
  phonePrefix: string;
  neighborhoods: Array<{ slug: string; name: string; latitude: number; longitude: number }>; // 4-6, local script
}

/** data/marketplace-services.json: the global taxonomy a visitor searches by. */
export interface MarketplaceServiceSeed {
  slug: string; // "manicure"
  category:
    "hair" | "barber" | "nails" | "face" | "brows-lashes" | "makeup" | "hair-removal" | "massage" | "body" | "fitness";
  names: Names;
}

/** data/business-types.json */
export interface BusinessTypeSeed {
  slug: string; // "nail-salon"
  names: Names;
}

/** One bookable service in a business's menu (in the locale's language). */
export interface ServiceSeed {
  name: string;
  marketplaceService: string; // slug from marketplace-services.json
  durationMinutes: number; // multiple of 5
  /** Price in the locale's base currency for its capital city, whole units (e.g. 25 = €25, 600 = 600 denars). */
  price: number;
  description: string; // one sentence
  /** Optional priced variants, e.g. hair length; each has its own duration and price. */
  variants?: Array<{ name: string; durationMinutes: number; price: number }>;
}

/** data/locales/{language}.json: everything written in one local language. */
export interface LocaleSeed {
  language: Language;
  /** Real-sounding business names per business type slug, 8-12 each, in local language and script. */
  businessNames: Record<string, string[]>;
  /** Two-sentence "about us" texts per business type slug, 3 each; may use {name} and {city}. */
  descriptions: Record<string, string[]>;
  /** The service menu per business type slug: categories with 2-6 services each, 3-5 categories. */
  menus: Record<string, Array<{ category: string; services: ServiceSeed[] }>>;
  firstNames: { female: string[]; male: string[] }; // 15+ each, common local names
  lastNames: string[]; // 15+; for languages with gendered surnames, masculine forms
  /** Feminine surname forms, same order as lastNames, where the language has them (bg, mk, ru, el...). */
  lastNamesFemale?: string[];
  /** Job titles per business type slug, 2-4 each ("Senior stylist"...). */
  titles: Record<string, string[]>;
  streets: string[]; // 15+ real street names of the locale's main city, local script, without numbers
  /** Address pattern: where the number goes, e.g. "{street} {number}" (de) or "ул. {street} {number}" (bg). */
  addressFormat: string;
  /**
   * Review texts in the local language, natural and varied, by tone: under "any" those that fit every kind of place,
   * under a business type slug those about its own treatments (a fade belongs to a barbershop, not a nail salon).
   */
  reviews: Record<ReviewTone, ReviewTexts>;
}

export type ReviewTone = "positive" | "mixed" | "negative";
export type ReviewTexts = { any: string[] } & Record<string, string[]>;

/** data/tags.json: location features a visitor filters by ("card-payment", "parking"...). */
export interface TagSeed {
  slug: string;
  names: Names;
}

/** The bookable things of a location: chairs, treatment rooms, nail stations, studio halls. */
export type ResourceKind = "chair" | "room" | "station" | "hall";

/** data/resource-names.json: what each kind of bookable resource is called in each language ("Кабинет"). */
export type ResourceNames = Record<Language, Record<ResourceKind, string>>;
