/**
 * The element the page scrolls in. The header and tab bar are rows of the shell around it (decision 0034), so the
 * document itself never scrolls and nothing in the page can pass under a bar.
 */
export const PAGE_SCROLLER_ID = "page-scroller";

export function pageScroller(): HTMLElement | null {
  return typeof document === "undefined" ? null : document.getElementById(PAGE_SCROLLER_ID);
}
