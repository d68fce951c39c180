import { useRouteLoaderData } from "react-router";
import type { Language } from "@termin/domain/languages";
import type { PublicConfig } from "./config.server.ts";
import type { Viewer } from "./start-up.server.ts";

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
}

/** Data of the root route, available to every part of the shell. */
export function useRootData(): RootData {
  const data = useRouteLoaderData<RootData>("root");
  if (!data) throw new Error("Root data is missing: render inside the root route");
  return data;
}

/** The page's language and a helper for links within it. */
export function useLanguage(): { language: Language; to: (path: string) => string } {
  const { language } = useRootData();
  return { language, to: (path) => `/${language}/${path.replace(/^\//, "")}` };
}
