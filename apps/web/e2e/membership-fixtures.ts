import type { APIRequestContext } from "@playwright/test";
import type { CollectionDocument } from "@termin/contracts/jsonapi";
import type { MembershipResource, MembershipServiceResource } from "@termin/contracts/membership-resources";
import { api, dateIn, freeSlots, json, placesBookingOnline, singlePriceServices } from "./booking-fixtures.ts";

/** A membership on offer at a place that books online, with a service it covers and a free time for it. */
export interface CoveredOffer {
  membership: { id: string; name: string; creditsEach: number | null };
  place: { id: string; slug: string };
  service: { id: string; name: string; priceId: string };
  /** Free times of the service, a few days ahead (far enough to be cancelled). */
  startsAt: string[];
}

/**
 * A demo membership a client can buy at once (paid at the venue, or free) whose business takes bookings online, with
 * a single-price service it covers that has free times: found through the public API, as the pages show them.
 */
export async function coveredOffer(request: APIRequestContext): Promise<CoveredOffer> {
  for await (const { place, businessId } of placesBookingOnline(request)) {
    const offers = await json<CollectionDocument<MembershipResource>>(
      api(request, `memberships?filter[business_id]=${businessId}&include=membershipServices`),
    );
    const offer = offers.data.find((each) => each.attributes.amount_due_online === 0);
    if (!offer) continue;
    const included = (offers.included ?? []) as MembershipServiceResource[];
    const covered = new Map(
      included.flatMap((item) => {
        const service = item.relationships?.service?.data;
        return service && !Array.isArray(service) ? [[service.id, item.attributes.count] as const] : [];
      }),
    );
    for (const service of await singlePriceServices(request, place.id)) {
      if (!covered.has(service.id)) continue;
      const zone = place.attributes.time_zone;
      const slots = await freeSlots(request, {
        priceId: service.priceId,
        locationId: place.id,
        from: dateIn(zone, 4),
        to: dateIn(zone, 8),
      });
      if (slots.data.length < 4) continue;
      return {
        membership: { id: offer.id, name: offer.attributes.name, creditsEach: covered.get(service.id) ?? null },
        place: { id: place.id, slug: place.attributes.slug },
        service: { id: service.id, name: service.name, priceId: service.priceId },
        startsAt: slots.data.map((slot) => slot.attributes.starts_at),
      };
    }
  }
  throw new Error("Missing in the demo data: a membership bought at once covering a service of a place booking online");
}
