import type { ApiClient } from "../api/client.ts";
import type { Translate } from "../i18n/i18n.ts";
import { removeFromBasket, updateItem, type Basket, type BasketItem } from "./basket.ts";
import { freeTimes, holdTime, liveHolds, refusalMessageKey, releaseHold } from "./booking-api.ts";
import { localDateOf, sameInstant } from "./local-dates.ts";

export interface BasketChange {
  basket: Basket;
  /** A message for the page (a time gone meanwhile), or null. */
  error: string | null;
}

/**
 * Holds every entry of a signed-in client's basket that has no live hold (added as a visitor, lapsed, or lost),
 * writing the hold, its employee and its end into the entry; a time someone else took keeps no hold (the page
 * shows it taken). Also answers the client's live holds after that, for the page to show.
 */
export async function holdAll(api: ApiClient, basket: Basket): Promise<{ basket: Basket; live: Map<string, string> }> {
  const live = await liveHolds(api);
  let next = basket;
  for (const item of basket.items) {
    if (item.holdId && live.has(item.holdId)) continue;
    const hold = await holdTime(api, basket.locationId, item);
    if (hold.held) live.set(hold.holdId, hold.expiresAt);
    next = hold.held
      ? updateItem(next, item.key, {
          holdId: hold.holdId,
          holdExpiresAt: hold.expiresAt,
          employeeId: hold.employeeId,
          endsAt: hold.endsAt,
        })
      : updateItem(next, item.key, { holdId: null, holdExpiresAt: null });
  }
  return { basket: next, live };
}

/** Lets the holds of some basket entries go (booked, replaced, or the client signing out); one already gone is fine. */
export async function releaseHolds(api: ApiClient, items: readonly BasketItem[]): Promise<void> {
  await Promise.allSettled(items.flatMap((item) => (item.holdId ? [releaseHold(api, item.holdId)] : [])));
}

/**
 * What the basket and checkout pages' forms ask for: `remove` an entry (its hold let go), `alternative` moves
 * an entry to another free time (held at once for a signed-in client).
 * Null for any other intent.
 */
export async function changeBasket(options: {
  form: FormData;
  basket: Basket;
  /** The signed-in client's API, or null for a visitor. */
  viewerApi: ApiClient | null;
  publicApi: ApiClient;
  t: Translate;
}): Promise<BasketChange | null> {
  const { form, basket, viewerApi, publicApi, t } = options;
  const intent = form.get("intent");
  const item = basket.items.find((each) => each.key === form.get("key"));
  if (intent === "remove") {
    if (!item) return { basket, error: null };
    if (item.holdId && viewerApi) await releaseHold(viewerApi, item.holdId);
    return { basket: removeFromBasket(basket, item.key), error: null };
  }
  if (intent !== "alternative") return null;
  const startsAt = String(form.get("startsAt") ?? "");
  if (!item || Number.isNaN(Date.parse(startsAt))) return { basket, error: t("booking.timeGone") };
  const offered = String(form.get("employeeIds") ?? "")
    .split(",")
    .filter((id) => /^\d+$/.test(id));
  const employeeId =
    item.employeeId && offered.includes(item.employeeId) ? item.employeeId : (offered[0] ?? item.employeeId);
  if (viewerApi) {
    if (item.holdId) await releaseHold(viewerApi, item.holdId);
    const hold = await holdTime(viewerApi, basket.locationId, {
      servicePriceId: item.servicePriceId,
      employeeId,
      startsAt,
    });
    if (hold.held) {
      return {
        basket: updateItem(basket, item.key, {
          startsAt,
          endsAt: hold.endsAt,
          employeeId: hold.employeeId,
          holdId: hold.holdId,
          holdExpiresAt: hold.expiresAt,
        }),
        error: null,
      };
    }
    if (hold.reason !== "unavailable") {
      return {
        basket: updateItem(basket, item.key, { holdId: null, holdExpiresAt: null }),
        error: t(refusalMessageKey(hold.reason)),
      };
    }
  }
  const day = localDateOf(startsAt);
  const free = await freeTimes(viewerApi ?? publicApi, {
    servicePriceId: item.servicePriceId,
    locationId: basket.locationId,
    employeeId,
    dateFrom: day,
    dateTo: day,
  });
  const slot = free.find((time) => sameInstant(time.startsAt, startsAt));
  if (!slot) return { basket, error: t("booking.timeGone") };
  return {
    basket: updateItem(basket, item.key, {
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      employeeId,
      holdId: null,
      holdExpiresAt: null,
    }),
    error: null,
  };
}
