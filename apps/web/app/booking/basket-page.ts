import { redirect } from "react-router";
import type { PageEnv } from "../page-data/page-env.ts";
import { holdAll } from "./basket-actions.ts";
import { basketFromLiveHolds } from "./basket-restore.ts";
import type { BasketView } from "./basket-view.ts";
import { loadBasketView } from "./basket-data.ts";
import { EMPTY_BASKET } from "./basket.ts";

/**
 * What the basket and checkout pages show. A signed-in client without a basket here gets the one their live holds
 * make (basket-restore.ts). For a signed-in client the load holds every time without a live hold (added as a
 * visitor, lapsed while the page was open, or lost), so the page shows where each time stands now; the basket is
 * kept again when that (or a place gone, or a time passed) changed it.
 */
export async function loadBasketPage(
  env: Pick<PageEnv, "url" | "language" | "api" | "basket">,
  /** The signed-in client's API, or null for a visitor. */
  viewerApi: PageEnv["viewerApi"],
): Promise<{ view: BasketView | null; headers: Record<string, string> }> {
  const { url, language, api: publicApi } = env;
  const stored = env.basket.read();
  if (viewerApi && stored.items.length === 0) {
    // Signed in with nothing in this browser's basket: the times they hold elsewhere are theirs to see here. The
    // page is asked again with the basket kept, so every part of it (the Basket tab's count too) reads it.
    const restored = await basketFromLiveHolds(viewerApi, publicApi);
    if (restored.items.length > 0) {
      throw redirect(`${url.pathname}${url.search}`, { headers: await env.basket.keep(restored) });
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
  return { view, headers: await env.basket.keepIfChanged(view ? basket : EMPTY_BASKET) };
}
