import type { OpeningSpan } from "./opening-hours.ts";

/** What search engines are told about a location (schema.org, JSON-LD). */
export interface LocationFacts {
  url: string;
  name: string;
  description: string;
  telephone: string;
  address: string;
  cityName: string;
  countryCode: string;
  latitude: number;
  longitude: number;
  imageUrl: string | null;
  rating: { average: number; count: number } | null;
  hours: readonly OpeningSpan[];
  services: ReadonlyArray<{ name: string; priceMinor: number | null; currency: string; minorUnits: number }>;
}

const DAY_URIS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** A HealthAndBeautyBusiness with its address, hours, rating and offered services with prices. */
export function locationJsonLd(facts: LocationFacts): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "HealthAndBeautyBusiness",
    "@id": facts.url,
    url: facts.url,
    name: facts.name,
    description: facts.description,
    telephone: facts.telephone,
    ...(facts.imageUrl ? { image: facts.imageUrl } : {}),
    address: {
      "@type": "PostalAddress",
      streetAddress: facts.address,
      addressLocality: facts.cityName,
      addressCountry: facts.countryCode,
    },
    geo: { "@type": "GeoCoordinates", latitude: facts.latitude, longitude: facts.longitude },
    openingHoursSpecification: facts.hours.map((span) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: `https://schema.org/${DAY_URIS[span.weekday - 1]}`,
      opens: span.opensAt,
      closes: span.closesAt,
    })),
    ...(facts.rating
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: facts.rating.average,
            reviewCount: facts.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    makesOffer: facts.services.map((service) => ({
      "@type": "Offer",
      itemOffered: { "@type": "Service", name: service.name },
      ...(service.priceMinor !== null
        ? {
            price: (service.priceMinor / 10 ** service.minorUnits).toFixed(service.minorUnits),
            priceCurrency: service.currency,
          }
        : {}),
    })),
  };
}

/** JSON for a <script type="application/ld+json">: "<" escaped so no text can close the script element. */
export function serializeJsonLd(data: Record<string, unknown>): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
