import { useRouteLoaderData } from "react-router";
import type { Language } from "@termin/domain/languages";
import type { PublicConfig } from "./config.server.ts";
import type { Viewer } from "./start-up.server.ts";
import type { Site } from "@termin/contracts/site";
import { sitePath } from "../embed/embed-paths.ts";

export interface RootData {
  language: Language;
  config: PublicConfig;
  cookieConsentAccepted: boolean;
  /**
   * Whether a client is signed in. On a marketplace page, made for every signed-in client, the client's own parts
   * come from the browser (client-area/personal.tsx) and `viewer` is null.
   */
  signedIn: boolean;
  /** The signed-in client, or null for a visitor and on marketplace pages. Read it with useViewer(). */
  viewer: Viewer | null;
  /** The signed-in client's unread notifications (menu badge); 0 for a visitor. Read it with useUnreadCount(). */
  unreadNotifications: number;
  /** Services in the basket (its cookie): the Basket tab replaces Appointments while there are any. */
  basketCount: number;
  /** The site the page is for: the marketplace, or one business's own domain or private app (decision 0046). */
  site: Site;
}

/** Data of the root route, available to every part of the shell. */
export function useRootData(): RootData {
  const data = useRouteLoaderData<RootData>("root");
  if (!data) throw new Error("Root data is missing: render inside the root route");
  return data;
}

/**
 * The marketplace's own ways of finding (search, the services taxonomy, the Look Book) are not on one business's
 * site: its navigation leaves them out (decision 0046).
 */
const MARKETPLACE_ONLY_PATHS = new Set(["search", "services", "inspiration"]);

/** The navigation entries this site offers, of those given. */
export function useSiteNavigation<T extends { path: string }>(entries: T[]): T[] {
  const { site } = useRootData();
  if (site.mode === "marketplace") return entries;
  // The private app of a business with one place has no places to choose from: its home is that place.
  const onePlace = site.mode === "private" && site.business.soleLocation !== null;
  return entries.filter(
    (entry) => !MARKETPLACE_ONLY_PATHS.has(entry.path) && !(onePlace && entry.path === "locations"),
  );
}

/** The name the shell shows: the product's on the marketplace, the business's on its own site. */
export function useSiteName(): string {
  const { site, config } = useRootData();
  return site.mode === "marketplace" ? config.appName : site.business.name;
}

/** The page's language and a helper for links within it (on an embed, to the framed page where there is one). */
export function useLanguage(): { language: Language; to: (path: string) => string } {
  const { language, site } = useRootData();
  return { language, to: (path) => sitePath(site, language, path) };
}
