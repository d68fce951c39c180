import { data } from "react-router";
import type { BusinessResource, LocationResource } from "@termin/contracts/catalogue-resources";
import type { CollectionDocument } from "@termin/contracts/jsonapi";
import type { MembershipResource } from "@termin/contracts/membership-resources";
import type { Language } from "@termin/domain/languages";
import type { ApiClient } from "../api/client.ts";
import { Included } from "../api/included.ts";
import { lookupOrNotFound } from "../api/lookup.ts";
import { chooseCity } from "../catalogue/choose-city.ts";
import { toOfferViews, type OfferView } from "./offer-view.ts";

const OFFER_INCLUDE = "membershipServices,membershipServices.service";
/** Places of a city whose businesses' offers one page shows. */
const CITY_LOCATIONS = 100;

/** What the offers page shows them for: one place, one business, or a city (the visitor's choice, else the largest). */
export type OffersScope =
  | { kind: "location"; name: string; slug: string }
  | { kind: "business"; name: string; slug: string }
  | { kind: "city"; name: string; slug: string; cities: Array<{ slug: string; name: string }> };

export interface OffersPage {
  scope: OffersScope;
  offers: OfferView[];
}

type Businesses = Map<string, { name: string; slug: string }>;

async function offersOf(api: ApiClient, filter: Record<string, string>, businesses: Businesses) {
  const document = await api.get<CollectionDocument<MembershipResource>>("memberships", {
    ...filter,
    include: OFFER_INCLUDE,
    "page[size]": "100",
  });
  return toOfferViews(document.data, new Included(document.included), businesses);
}

function businessesOf(locations: CollectionDocument<LocationResource>): Businesses {
  const included = new Included(locations.included);
  const businesses: Businesses = new Map();
  for (const location of locations.data) {
    const business = included.one<BusinessResource>(location, "business", "businesses");
    if (business) businesses.set(business.id, { name: business.attributes.name, slug: business.attributes.slug });
  }
  return businesses;
}

/**
 * The memberships a page offers: of `?location=` (its business's), of `?business=`, or of the businesses in
 * `?city=` (else the page language's country's largest city, as the classes page chooses: decision 0041).
 */
export async function loadOffers(api: ApiClient, url: URL, language: Language): Promise<OffersPage> {
  const locationSlug = url.searchParams.get("location");
  if (locationSlug) {
    const found = await lookupOrNotFound(
      api.get<CollectionDocument<LocationResource>>("locations", { "filter[slug]": locationSlug, include: "business" }),
      "filter[slug]",
    );
    const location = found.data[0];
    if (!location) throw data(null, { status: 404 });
    return {
      scope: { kind: "location", name: location.attributes.name, slug: location.attributes.slug },
      offers: await offersOf(api, { "filter[location_id]": location.id }, businessesOf(found)),
    };
  }
  const businessSlug = url.searchParams.get("business");
  if (businessSlug) {
    const found = await lookupOrNotFound(
      api.get<CollectionDocument<BusinessResource>>("businesses", { "filter[slug]": businessSlug }),
      "filter[slug]",
    );
    const business = found.data[0];
    if (!business) throw data(null, { status: 404 });
    const names: Businesses = new Map([
      [business.id, { name: business.attributes.name, slug: business.attributes.slug }],
    ]);
    return {
      scope: { kind: "business", name: business.attributes.name, slug: business.attributes.slug },
      offers: await offersOf(api, { "filter[business_id]": business.id }, names),
    };
  }
  const { cities, city } = await chooseCity(api, language, url.searchParams.get("city"));
  const choices = cities.map(({ slug, name }) => ({ slug, name }));
  if (!city) return { scope: { kind: "city", name: "", slug: "", cities: choices }, offers: [] };
  const locations = await api.get<CollectionDocument<LocationResource>>("locations", {
    "filter[city]": city.slug,
    include: "business",
    "page[size]": String(CITY_LOCATIONS),
  });
  const businesses = businessesOf(locations);
  return {
    scope: { kind: "city", name: city.name, slug: city.slug, cities: choices },
    offers:
      businesses.size === 0
        ? []
        : await offersOf(api, { "filter[business_id]": [...businesses.keys()].join(",") }, businesses),
  };
}

/** Whether a business sells any membership (its pages link to them only then). */
export async function sellsMemberships(api: ApiClient, businessId: string | null): Promise<boolean> {
  if (!businessId) return false;
  const document = await api.get<CollectionDocument<MembershipResource>>("memberships", {
    "filter[business_id]": businessId,
    "page[size]": "1",
  });
  return document.data.length > 0;
}
