import type { ApiClient } from "../api/client.ts";
import { basketFromHolds, EMPTY_BASKET, type Basket } from "./basket.ts";
import { heldTimes, releaseHold } from "./booking-api.ts";
import { locationById } from "./offer-data.ts";

/**
 * A signed-in client's basket when their browser has none: rebuilt from the times they hold (chosen on another
 * browser, or before the cookie was lost), so what keeps those times from others is also on their screen. A basket
 * holds one place's services: it follows their latest hold, and holds elsewhere, which no basket would show, are
 * let go.
 */
export async function basketFromLiveHolds(viewerApi: ApiClient, publicApi: ApiClient): Promise<Basket> {
  const holds = await heldTimes(viewerApi);
  const latest = holds.reduce<(typeof holds)[number] | null>(
    (found, hold) => (found === null || Date.parse(hold.expiresAt) > Date.parse(found.expiresAt) ? hold : found),
    null,
  );
  if (!latest) return EMPTY_BASKET;
  const here = holds.filter((hold) => hold.locationId === latest.locationId);
  const elsewhere = holds.filter((hold) => hold.locationId !== latest.locationId);
  const [location] = await Promise.all([
    locationById(publicApi, latest.locationId),
    Promise.allSettled(elsewhere.map((hold) => releaseHold(viewerApi, hold.id))),
  ]);
  return location ? basketFromHolds(location, here) : EMPTY_BASKET;
}
