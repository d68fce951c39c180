import "./sw-push.ts";
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from "workbox-precaching";
import type { RouteHandlerCallbackOptions } from "workbox-core/types";
import { registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";
import { isPublicPage } from "../lib/public-pages.ts";
import { OFFLINE_PAGE_CSP, offlinePageHtml, type OfflinePageTexts } from "./offline-page.ts";
import {
  ROUTE_DISCOVERY_PATH,
  dataUnreachableAnswer,
  discoveryUnreachableAnswer,
  mayKeepPage,
  offlinePageLanguage,
  pageOfData,
  passesStraightThrough,
} from "./worker-requests.ts";

// The service worker (decision 0049), built by vite-plugin-pwa into /sw.js with the precache list injected.
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

const PAGES_CACHE = "termin-pages";
const CATALOGS_CACHE = "termin-catalogs";
const ON_DEMAND_CACHE = "termin-on-demand-scripts";
/** A page waits this long for the network before a kept copy is shown instead. */
const PAGE_NETWORK_TIMEOUT_S = 4;

// Only the offline page's words of each catalog: the rest of the catalogs stays out of the worker.
const pwaTexts = import.meta.glob<{ offline: OfflinePageTexts }>("../i18n/locales/*.json", {
  eager: true,
  import: "pwa",
});

// First of all listeners: what must reach the network untouched (API calls, `sw-bypass`, writes) goes there
// without any route, precache included, seeing it.
self.addEventListener("fetch", (event) => {
  const { request } = event;
  const facts = { method: request.method, url: new URL(request.url), headers: request.headers };
  if (passesStraightThrough(facts, self.location.origin)) event.stopImmediatePropagation();
});

// The new version waits until the visitor applies it (the update dialog), then takes over every open page.
self.addEventListener("message", (event) => {
  if ((event.data as { type?: unknown } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});
clientsClaim();

// Kept pages name the assets of the version that made them: a new version starts with none.
self.addEventListener("activate", (event) => event.waitUntil(caches.delete(PAGES_CACHE)));

// The app shell: every hashed script and stylesheet of this build (the list vite.config.ts globs).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The hashed scripts the precache leaves out (vite.config.ts), kept once a page has used them.
registerRoute(
  ({ url }) => url.pathname.startsWith("/assets/") && url.pathname.endsWith(".js"),
  new CacheFirst({ cacheName: ON_DEMAND_CACHE, plugins: [new ExpirationPlugin({ maxEntries: 30 })] }),
);

// A language's catalog, fetched by every page (hashed: it never changes at one address).
registerRoute(
  ({ url }) => url.pathname.startsWith("/assets/") && url.pathname.endsWith(".json"),
  new CacheFirst({ cacheName: CATALOGS_CACHE, plugins: [new ExpirationPlugin({ maxEntries: 4 })] }),
);

const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  networkTimeoutSeconds: PAGE_NETWORK_TIMEOUT_S,
  // Pages vary by cookie and Accept-Language, which a worker's requests do not show; the address names the language.
  matchOptions: { ignoreVary: true },
  plugins: [
    {
      cacheWillUpdate: async ({ request, response }) => (mayKeepPage(new URL(request.url), response) ? response : null),
    },
    new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 7 * 24 * 3600 }),
  ],
});

function offlinePage(pathname: string): Response {
  const language = offlinePageLanguage(pathname, self.navigator.languages);
  const texts = pwaTexts[`../i18n/locales/${language}.json`]?.offline;
  if (!texts) return Response.error();
  // 200, as the browser shows any page it gets: a 5xx would only add a console error to a page that says it all.
  return new Response(offlinePageHtml(language, texts), {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": OFFLINE_PAGE_CSP,
      "cache-control": "no-store",
    },
  });
}

/**
 * A marketplace page seen through a link followed inside the app came as its data (`.data`) alone: its document is
 * kept too, fetched in the background unless a copy is kept already, so a reload offline shows it.
 */
async function keepPageBehindData(page: URL, event: ExtendableEvent): Promise<void> {
  if (await caches.match(page.href, { cacheName: PAGES_CACHE, ignoreVary: true })) return;
  await pages.handle({ request: new Request(page.href), event }).catch(() => undefined);
}

/**
 * Pages and their data: the marketplace's from the network, or when it fails the copy kept from an earlier visit; a
 * client's own from the network only. A page that cannot be had at all is the offline page, in the visitor's
 * language; its data, a document navigation to it (which comes here again), so a link followed offline ends there
 * too, never in the app's error page.
 */
async function answerPage(options: RouteHandlerCallbackOptions): Promise<Response> {
  const { request, url, event } = options;
  const dataOf = pageOfData(url);
  try {
    if (!isPublicPage(url.pathname)) return await fetch(request);
    const response = await pages.handle(options);
    if (dataOf && response.status === 200) event.waitUntil(keepPageBehindData(dataOf, event));
    return response;
  } catch (error) {
    if (dataOf) return dataUnreachableAnswer(dataOf);
    if (request.mode !== "navigate") throw error;
    return offlinePage(url.pathname);
  }
}
registerRoute(
  ({ request, url }) => request.mode === "navigate" || isPublicPage(url.pathname) || pageOfData(url) !== null,
  answerPage,
);

// React Router's route discovery, from the network only: when it cannot be reached, the navigation asking for it
// becomes a document navigation (see discoveryUnreachableAnswer) instead of ending in the app's error page.
registerRoute(
  ({ url }) => url.pathname === ROUTE_DISCOVERY_PATH,
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch {
      return discoveryUnreachableAnswer();
    }
  },
);
