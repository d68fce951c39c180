import { isPublicPage } from "../lib/public-pages.ts";

/**
 * What a page hands the service worker once it runs (`CACHE_URLS`), so what was seen before it ran opens offline
 * too: the document the visit started with, the page shown now (a link followed inside the app may have changed
 * it), the data of the pages reached that way (React Router's `.data`), and the assets fetched (the catalog,
 * scripts outside the precache). Only the marketplace's pages: the worker would never keep a client's own (its rules
 * decide again), so asking it to fetch them would only cost a request.
 */
export function addressesSeenBeforeWorker(seen: {
  /** The first document's address (the navigation timing entry's name). */
  document: string | undefined;
  /** The address shown now. */
  current: string;
  /** Every address the page fetched (resource timing entries' names). */
  resources: readonly string[];
  origin: string;
}): string[] {
  const addresses = new Set<string>();
  const add = (address: string) => {
    const url = new URL(address, seen.origin);
    if (url.origin !== seen.origin) return;
    if (!url.pathname.startsWith("/assets/") && !isPublicPage(url.pathname)) return;
    url.hash = "";
    addresses.add(url.href);
  };
  if (seen.document) add(seen.document);
  add(seen.current);
  for (const address of seen.resources) {
    const { pathname } = new URL(address, seen.origin);
    if (pathname.startsWith("/assets/") || pathname.endsWith(".data")) add(address);
  }
  return [...addresses];
}
