import { describe, expect, it } from "vitest";
import { locationJsonLd, serializeJsonLd, type LocationFacts } from "./structured-data.ts";

const facts: LocationFacts = {
  url: "https://termin.example/en/location/nails-sofia",
  name: "Nails & Co",
  description: "Manicure and pedicure",
  telephone: "+359 2 123 456",
  address: "ul. Shipka 6",
  cityName: "Sofia",
  countryCode: "BG",
  latitude: 42.69,
  longitude: 23.32,
  imageUrl: null,
  rating: { average: 4.7, count: 31 },
  hours: [{ weekday: 6, opensAt: "10:00", closesAt: "14:00" }],
  services: [
    { name: "Gel manicure", priceMinor: 3500, currency: "EUR", minorUnits: 2 },
    { name: "Consultation", priceMinor: null, currency: "EUR", minorUnits: 2 },
  ],
};

describe("locationJsonLd", () => {
  it("describes the place as schema.org expects: address, hours, rating and priced services", () => {
    const data = locationJsonLd(facts);
    expect(data).toMatchObject({
      "@type": "HealthAndBeautyBusiness",
      address: { "@type": "PostalAddress", addressLocality: "Sofia", addressCountry: "BG" },
      openingHoursSpecification: [{ dayOfWeek: "https://schema.org/Saturday", opens: "10:00", closes: "14:00" }],
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4.7, reviewCount: 31 },
      makesOffer: [
        { itemOffered: { "@type": "Service", name: "Gel manicure" }, price: "35.00", priceCurrency: "EUR" },
        { itemOffered: { "@type": "Service", name: "Consultation" } },
      ],
    });
    expect(data).not.toHaveProperty("image");
  });

  it("leaves out the rating of a place nobody has reviewed", () => {
    expect(locationJsonLd({ ...facts, rating: null })).not.toHaveProperty("aggregateRating");
  });
});

describe("serializeJsonLd", () => {
  it("cannot be closed early by text in a name", () => {
    const json = serializeJsonLd({ name: "</script><script>alert(1)</script>" });
    expect(json).not.toContain("</script>");
    expect(JSON.parse(json)).toEqual({ name: "</script><script>alert(1)</script>" });
  });
});
