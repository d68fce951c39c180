import type { Catalogue } from "./generate-catalogue.ts";
import type { MarketplaceServiceSeed, ResourceKind } from "./demo-data-types.ts";
import type { Random } from "./random.ts";

type Category = MarketplaceServiceSeed["category"];

/** What a kind of service takes besides its employee: a unit of a resource kind, and minutes to clean up after. */
interface ServiceNeeds {
  kind?: ResourceKind;
  /** Buffer after the service, in minutes, one of these. */
  after: readonly number[];
  before?: readonly number[];
}

/** Treatments need a room and time to change the linen; nail work a station; classes the hall. Most need nothing. */
const NEEDS_BY_CATEGORY: Partial<Record<Category, ServiceNeeds>> = {
  massage: { kind: "room", after: [10, 15] },
  body: { kind: "room", after: [10, 15] },
  face: { kind: "room", after: [5, 10] },
  "hair-removal": { kind: "room", after: [0, 5] },
  nails: { kind: "station", after: [0, 0, 0, 5] },
};

/** Group classes take the hall and leave it a few minutes to air; personal training uses the open floor. */
const CLASSES: ServiceNeeds = { kind: "hall", before: [0, 5], after: [10, 15] };
const CLASS_SERVICES = new Set(["yoga-class", "pilates-class"]);

/** Minutes between bookable starts some businesses choose; the rest keep the default (15). */
const SLOT_STEPS = [10, 15, 20, 30] as const;

/**
 * The catalogue's booking rules, drawn from their own random stream: service buffers, the resource kinds services
 * need (only kinds every location of the business has units of), and the slot step some businesses set.
 */
export function addBookingRules(catalogue: Catalogue, random: Random): void {
  const marketplace = new Map(catalogue.marketplaceServices.map((s) => [s.id as number, s]));
  const kindsByBusiness = new Map<number, Set<string>[]>();
  const kindsByLocation = new Map<number, Set<string>>();
  for (const resource of catalogue.resources) {
    const kinds = kindsByLocation.get(resource.locationId) ?? new Set<string>();
    kinds.add(resource.kind ?? "room");
    kindsByLocation.set(resource.locationId, kinds);
  }
  for (const location of catalogue.locations) {
    const list = kindsByBusiness.get(location.businessId) ?? [];
    list.push(kindsByLocation.get(location.id as number) ?? new Set());
    kindsByBusiness.set(location.businessId, list);
  }
  const everywhere = (businessId: number, kind: string) =>
    (kindsByBusiness.get(businessId) ?? []).every((kinds) => kinds.has(kind));

  for (const service of catalogue.services) {
    const offered = marketplace.get(service.marketplaceServiceId);
    const needs = CLASS_SERVICES.has(offered?.slug ?? "")
      ? CLASSES
      : NEEDS_BY_CATEGORY[(offered?.category ?? "") as Category];
    if (!needs) continue;
    service.bufferBeforeMinutes = needs.before ? random.pick(needs.before) : 0;
    service.bufferAfterMinutes = random.pick(needs.after);
    if (needs.kind && everywhere(service.businessId, needs.kind)) {
      catalogue.serviceResourceNeeds.push({ serviceId: service.id as number, resourceKind: needs.kind, quantity: 1 });
    }
  }
  // Every step appears: the businesses that choose one take them in turn.
  let chosen = 0;
  for (const business of catalogue.businesses) {
    if (!random.chance(0.5)) continue;
    const slotStepMinutes = SLOT_STEPS[chosen++ % SLOT_STEPS.length];
    business.settings = { ...business.settings, slotStepMinutes };
  }
}
