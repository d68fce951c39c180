import { useContext, useEffect, useLayoutEffect } from "react";
import { UNSAFE_DataRouterContext, UNSAFE_DataRouterStateContext, useLocation } from "react-router";
import { PAGE_SCROLLER_ID, pageScroller } from "../ui/page-scroller.ts";

/** Where the page's positions are kept for reloads and for pages left and come back to. */
const STORAGE_KEY = "termin-page-scroll";

/** Positions by history entry, shared with the router, which records the one it leaves on every navigation. */
let savedPositions: Record<string, number> = {};

function readSaved(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "{}") as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * Restores the page scroller's position on the way back, starts a new page at its top, goes to `#hash` targets and
 * leaves the position alone for links that ask so (`preventScrollReset`): what React Router's `<ScrollRestoration>`
 * does for the window, for the element the page scrolls in. Its script puts a reloaded page back before hydration.
 */
export function PageScrollRestoration() {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const state = useContext(UNSAFE_DataRouterStateContext);
  const location = useLocation();

  useEffect(() => {
    history.scrollRestoration = "manual";
    const save = () => {
      savedPositions[location.key] = pageScroller()?.scrollTop ?? 0;
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(savedPositions));
      } catch {
        // Storage off or full: positions last as long as the page.
      }
    };
    window.addEventListener("pagehide", save);
    return () => window.removeEventListener("pagehide", save);
  }, [location.key]);

  useLayoutEffect(() => {
    savedPositions = readSaved();
    return router?.enableScrollRestoration(savedPositions, () => pageScroller()?.scrollTop ?? 0);
  }, [router]);

  const restore = state?.restoreScrollPosition;
  const keep = state?.preventScrollReset;
  useLayoutEffect(() => {
    const scroller = pageScroller();
    if (!scroller || restore === false || restore === undefined) return;
    if (typeof restore === "number") {
      scroller.scrollTo(0, restore);
      return;
    }
    const target = location.hash ? document.getElementById(safeDecode(location.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else if (!keep) scroller.scrollTo(0, 0);
  }, [location, restore, keep]);

  return (
    <script
      suppressHydrationWarning
      dangerouslySetInnerHTML={{
        __html: `(${restoreBeforeHydration.toString()})(${JSON.stringify(STORAGE_KEY)}, ${JSON.stringify(PAGE_SCROLLER_ID)})`,
      }}
    />
  );
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Runs in the page as written, before the app starts: a reload comes back where it was. */
function restoreBeforeHydration(storageKey: string, scrollerId: string) {
  if (!window.history.state || !window.history.state.key) {
    window.history.replaceState({ key: Math.random().toString(32).slice(2) }, "");
  }
  let stored: unknown;
  try {
    stored = JSON.parse(sessionStorage.getItem(storageKey) || "{}")[window.history.state.key];
  } catch {
    // Unreadable positions are dropped; storage refused (a frame on another site that blocks it) keeps none.
    try {
      sessionStorage.removeItem(storageKey);
    } catch {
      return;
    }
  }
  const scroller = document.getElementById(scrollerId);
  if (typeof stored === "number" && scroller) scroller.scrollTop = stored;
}
