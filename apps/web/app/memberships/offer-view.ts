import type { CollectionDocument, ResourceObject } from "@termin/contracts/jsonapi";
import type {
  MembershipInstanceResource,
  MembershipInstanceServiceResource,
  MembershipResource,
  MembershipServiceResource,
} from "@termin/contracts/membership-resources";
import type { ServiceResource } from "@termin/contracts/offer-resources";
import { Included } from "../api/included.ts";

/** One membership on offer, as its card shows it. */
export interface OfferView {
  id: string;
  name: string;
  description: string;
  priceMinor: number;
  currency: string;
  periodMonths: number;
  startsOn: "purchase" | "first_use";
  /** Asked online when bought (0: active at once). */
  dueOnlineMinor: number;
  business: { name: string; slug: string } | null;
  /** What it includes: each service with its visits in the period (null: unlimited). */
  includes: Array<{ serviceId: string; name: string; count: number | null }>;
}

/** The offers of a memberships document (with membershipServices.service included), and their businesses. */
export function toOfferViews(
  offers: readonly MembershipResource[],
  included: Included,
  businesses: ReadonlyMap<string, { name: string; slug: string }>,
): OfferView[] {
  return offers.map((offer) => {
    const business = offer.relationships?.business?.data;
    return {
      id: offer.id,
      name: offer.attributes.name,
      description: offer.attributes.description,
      priceMinor: offer.attributes.price_minor,
      currency: offer.attributes.currency,
      periodMonths: offer.attributes.period_months,
      startsOn: offer.attributes.starts_on,
      dueOnlineMinor: offer.attributes.amount_due_online,
      business: business && !Array.isArray(business) ? (businesses.get(business.id) ?? null) : null,
      includes: included
        .many<MembershipServiceResource>(offer, "membershipServices", "membership-services")
        .map((item) => ({
          serviceId: relatedId(item, "service") ?? "",
          name: included.one<ServiceResource>(item, "service", "services")?.attributes.name ?? "",
          count: item.attributes.count,
        })),
    };
  });
}

/** The id a to-one relationship names, included or not. */
export function relatedId(resource: ResourceObject, relationship: string): string | null {
  const data = resource.relationships?.[relationship]?.data;
  return data && !Array.isArray(data) ? data.id : null;
}

/** The services active memberships (of a membership-instances document with their services) cover at `now`. */
export function coveredServicesOf(document: CollectionDocument<MembershipInstanceResource>, now: number): Set<string> {
  const included = new Included(document.included);
  const covered = new Set<string>();
  for (const instance of document.data) {
    const endsAt = instance.attributes.ends_at;
    if (instance.attributes.status !== "active" || (endsAt !== null && Date.parse(endsAt) <= now)) continue;
    const lines = included.many<MembershipInstanceServiceResource>(
      instance,
      "membershipInstanceServices",
      "membership-instance-services",
    );
    for (const line of lines) {
      const serviceId = relatedId(line, "service");
      const left = line.attributes.credits_left;
      if (serviceId && (left === null || left > 0)) covered.add(serviceId);
    }
  }
  return covered;
}
