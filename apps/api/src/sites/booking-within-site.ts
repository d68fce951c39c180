import { and, eq, inArray, sql } from "drizzle-orm";
import { siteBusinessId, type Site } from "@termin/contracts/site";
import { locations, servicePrices, services } from "@termin/db/catalogue-schema";
import { refusal } from "../http/refusal.ts";
import type { SiteReader } from "./read-context.ts";

/**
 * The first of these service prices (by its place in the request) that is not the site's business's: a service
 * price of another business, or none at all. Undefined when all are (always on the marketplace).
 */
async function firstOutsideSite(context: SiteReader, servicePriceIds: readonly number[]): Promise<number | undefined> {
  const businessId = siteBusinessId(context.site);
  if (businessId === null || servicePriceIds.length === 0) return undefined;
  const own = await context.db
    .select({ id: servicePrices.id })
    .from(servicePrices)
    .innerJoin(services, eq(services.id, servicePrices.serviceId))
    .where(and(inArray(servicePrices.id, [...servicePriceIds]), eq(services.businessId, businessId)));
  const owned = new Set(own.map((row) => row.id));
  const index = servicePriceIds.findIndex((id) => !owned.has(id));
  return index === -1 ? undefined : index;
}

/**
 * A hold or a booking on one business's site books that business only: another business's service price is
 * refused as unknown (422 `unknown_service_price`, as for an id that does not exist). Its places and employees
 * then cannot be another's either: a service price is booked only at its own business's places.
 */
export async function refuseBookingOutsideSite(
  context: SiteReader,
  servicePriceIds: readonly number[],
  pointerOf: (index: number) => string,
): Promise<void> {
  const index = await firstOutsideSite(context, servicePriceIds);
  if (index === undefined) return;
  throw refusal("unknown_service_price", { pointer: pointerOf(index) }, { id: String(servicePriceIds[index]) });
}

/**
 * Whether a place is the site's business's (always on the marketplace): its free times and a client's own bookings
 * there are shown on the site. (A place's free times are only ever of its own business's service prices.)
 */
export async function isSiteLocation(context: SiteReader, locationId: number): Promise<boolean> {
  const businessId = siteBusinessId(context.site);
  if (businessId === null) return true;
  const [place] = await context.db
    .select({ id: sql<number>`1` })
    .from(locations)
    .where(and(eq(locations.id, locationId), eq(locations.businessId, businessId)));
  return place !== undefined;
}

/**
 * The origin a booking made on this site keeps for the links of its e-mails and calendar file: a business's own
 * domain's, so they lead back there. Null (PUBLIC_URL) on the marketplace, in the private app (served on
 * PUBLIC_URL) and in an embed, whose host page is the business's but whose links to manage a booking go to the
 * product's own pages.
 */
export const bookingLinksOrigin = (site: Site): string | null => (site.mode === "domain" ? site.origin : null);
