import { redirect } from "react-router";
import type { Language } from "@termin/domain/languages";
import type { ApiClient } from "../api/client.ts";
import { serverApiClient } from "../api/server-client.server.ts";
import { holdAll } from "./basket-actions.server.ts";
import { basketFromLiveHolds } from "./basket-restore.server.ts";
import type { BasketView } from "./basket-view.ts";
import { loadBasketView } from "./basket-view.server.ts";
import { EMPTY_BASKET, serializeBasket } from "./basket.ts";
import { readCookie } from "../lib/cookies.server.ts";
import { COOKIE } from "@termin/contracts/cookies";
import { basketCookieHeader, readBasket } from "./basket.server.ts";

/**
 * What the basket and checkout pages show. A signed-in client without a basket in this browser gets the one their
 * live holds make (basket-restore.server.ts). For a signed-in client the loader holds every time without a
 * live hold (added as a visitor, lapsed while the page was open, or lost), so the page shows where each time
 * stands now; the basket's cookie is written again when that (or a place gone, or a time passed) changed it.
 */
export async function loadBasketPage(options: {
  request: Request;
  url: URL;
  language: Language;
  /** The signed-in client's API, or null for a visitor. */
  viewerApi: ApiClient | null;
}): Promise<{ view: BasketView | null; headers: Record<string, string> }> {
  const { request, url, language, viewerApi } = options;
  const publicApi = serverApiClient(request, url, language);
  const stored = readBasket(request);
  if (viewerApi && stored.items.length === 0) {
    // Signed in with nothing in this browser's basket: the times they hold elsewhere are theirs to see here. The
    // page is asked again with the basket's cookie, so every part of it (the Basket tab's count too) reads it.
    const restored = await basketFromLiveHolds(viewerApi, publicApi);
    if (restored.items.length > 0) {
      throw redirect(`${url.pathname}${url.search}`, {
        headers: { "Set-Cookie": basketCookieHeader(request, restored) },
      });
    }
  }
  const { basket, live } =
    viewerApi && stored.items.length > 0
      ? await holdAll(viewerApi, stored)
      : { basket: stored, live: new Map<string, string>() };
  const view = await loadBasketView({
    basket,
    publicApi,
    viewerApi,
    holds: live,
    language,
    now: new Date(),
  });
  const next = view ? basket : EMPTY_BASKET;
  // Compared with what the cookie holds: reading it already dropped entries whose time has begun.
  const changed = serializeBasket(next) !== (readCookie(request, COOKIE.basket) ?? "");
  return { view, headers: changed ? { "Set-Cookie": basketCookieHeader(request, next) } : {} };
}
