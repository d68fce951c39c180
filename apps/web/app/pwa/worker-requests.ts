import { API_PATH_ROOTS } from "@termin/contracts/api-paths";
import { APP_HEADERS } from "@termin/contracts/request-headers";
import { SUPPORTED_LANGUAGES, isSupportedLanguage, type Language } from "@termin/domain/languages";
import { isPublicPage } from "../lib/public-pages.ts";
import { SERVICE_WORKER_URL, WEB_APP_MANIFEST_PATH } from "./pwa-constants.ts";

export interface RequestFacts {
  method: string;
  url: URL;
  headers: Headers;
}

/**
 * Requests the worker lets through to the network untouched, never answered from nor kept in a cache: anything
 * but GET, another origin's, one carrying `sw-bypass` (the API client's, decision 0009), the API's paths, and the
 * worker's own script and the manifest (revalidated by the browser itself).
 */
export function passesStraightThrough(request: RequestFacts, origin: string): boolean {
  if (request.method !== "GET" || request.url.origin !== origin) return true;
  if (request.headers.has(APP_HEADERS.serviceWorkerBypass)) return true;
  const { pathname } = request.url;
  if (pathname === SERVICE_WORKER_URL || pathname === WEB_APP_MANIFEST_PATH) return true;
  return API_PATH_ROOTS.has(pathname.split("/")[1] ?? "");
}

/**
 * Whether a page (or React Router's data for it, `.data`) may be kept for offline use: only the marketplace's
 * pages, which are the same for every visitor and every signed-in client (their own parts come from
 * `/{lang}/personal`, decision 0031), answered 200 and not marked private or no-store. A client's own pages
 * (appointments, forms, settings...) are never kept: the next person on the same device must not see them.
 */
export function mayKeepPage(url: URL, response: { status: number; headers: Headers; redirected?: boolean }): boolean {
  // A redirected answer is another address's page: kept under this one, it would show the wrong page offline.
  if (response.status !== 200 || response.redirected === true || !isPublicPage(url.pathname)) return false;
  const cacheControl = response.headers.get("cache-control")?.toLowerCase() ?? "";
  return !/\b(?:private|no-store)\b/.test(cacheControl);
}

/** The language of the offline page: the address's, else the browser's first supported one, else English. */
export function offlinePageLanguage(pathname: string, browserLanguages: readonly string[]): Language {
  const first = pathname.split("/")[1];
  if (isSupportedLanguage(first)) return first;
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split("-")[0];
    const match = SUPPORTED_LANGUAGES.find((language) => language === base);
    if (match) return match;
  }
  return "en";
}

/** React Router's route discovery: the routes behind the paths a page links to or goes to (`?paths=…&version=…`). */
export const ROUTE_DISCOVERY_PATH = "/__manifest";

/**
 * The page whose data `url` asks for, without React Router's own parameter (`_routes`), or null for any other
 * address. React Router asks `/en/search.data?q=…` for `/en/search?q=…`, and `/en/_.data` for `/en/`.
 */
export function pageOfData(url: URL): URL | null {
  const { pathname } = url;
  if (!pathname.endsWith(".data")) return null;
  const page = new URL(url.href);
  page.pathname = pathname.slice(0, pathname.endsWith("/_.data") ? -"_.data".length : -".data".length);
  page.searchParams.delete("_routes");
  page.hash = "";
  return page;
}

/**
 * The answer to a route discovery the network could not answer: React Router reads it as "this page's version is
 * gone" and goes to the address by a document navigation instead, which the worker answers with the kept page or
 * the offline page. A failed discovery would otherwise end the navigation in the error page, even to a page kept.
 */
export function discoveryUnreachableAnswer(): Response {
  return new Response(null, { status: 204, headers: { "X-Remix-Reload-Document": "true" } });
}

/**
 * The answer to a page's data the network could not give and no copy holds: a redirect React Router follows by a
 * document navigation (`X-Remix-Reload-Document`) to the page itself, which the worker answers from its kept copy
 * or with the offline page. Nothing of the data is made up, and nobody's own data is ever answered from a cache.
 */
export function dataUnreachableAnswer(page: URL): Response {
  return new Response(null, {
    status: 204,
    headers: {
      "X-Remix-Redirect": `${page.pathname}${page.search}`,
      "X-Remix-Status": "302",
      "X-Remix-Reload-Document": "true",
    },
  });
}
