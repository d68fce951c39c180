import { useLayoutEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * After every navigation inside the app to another page (a new path), focus goes to that page's main heading, as a
 * screen reader user expects from a new page and so the next Tab starts in the content; the page's `main` when it
 * has no heading. Not on the first load (the browser starts there itself), and not when only the query changes
 * (filters, days, pages of a list keep their own focus). Runs as a layout effect: a page's own effects run after
 * it and may still take focus somewhere of their own (a "booked" notice). The heading shows a focus ring only to
 * keyboard users (`:focus-visible` in app.css).
 */
export function useFocusPageHeading(): void {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const main = document.getElementById("main");
    const heading = main?.querySelector<HTMLElement>("h1") ?? main;
    if (!heading) return;
    if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    // The page's scroll position is restoration's to decide (top, back where it was, or a #target).
    heading.focus({ preventScroll: true });
  }, [pathname]);
}
