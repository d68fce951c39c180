import { parseCookie } from "cookie";
import { matchAcceptLanguage } from "@termin/domain/languages";
import { COOKIE } from "@termin/contracts/cookies";
import {
  createSharedAnswerCache,
  headerOf,
  type Answer,
  type Make,
  type RequestFacts,
} from "@termin/api/http/shared-answer-cache";
import { PUBLIC_DOCUMENT_LIFETIME_SECONDS } from "@termin/api/http/public-document-cache";
import { isPublicPage } from "../app/lib/public-pages.ts";

/**
 * The anonymous visitors' page cache (decision 0029). A page is kept when it was made for nobody in particular:
 * a GET without a session or basket, answered 200 without Set-Cookie and without `private`/`no-store` (the
 * booking picker's live free times say `no-store`). It is served as bytes already compressed for
 * FRESH_SECONDS, then, while the next one is made in the background, for STALE_SECONDS more: no visitor ever
 * gets a page made more than FRESH_SECONDS + STALE_SECONDS ago. Its data may itself be kept public API documents up
 * to PUBLIC_DOCUMENT_LIFETIME_SECONDS old, so a change made through the API shows on every page it touches within
 * CHANGE_SHOWN_WITHIN_SECONDS.
 */
export const FRESH_SECONDS = 1;
export const STALE_SECONDS = 2;
export const CHANGE_SHOWN_WITHIN_SECONDS = FRESH_SECONDS + STALE_SECONDS + PUBLIC_DOCUMENT_LIFETIME_SECONDS;

/**
 * Pages kept at most, the one made longest ago out first (a busy page is made again every few seconds, so it stays).
 * A page is kept three ways (identity, brotli, gzip), some 60 KB: about 120 MB at most.
 */
const MAX_ENTRIES = 2_000;

/** The headers a page varies by: the key's (language, cookies) and the compression it is sent with. */
export const VARY = "Accept-Encoding, Accept-Language, Cookie";

/** A basket makes any page its holder's own (the tab bar counts it): made for that visitor and never kept. */
const PERSONAL_COOKIES = [COOKIE.basket];

export interface PageRequestFacts extends RequestFacts {
  /** Host, with the scheme the visitor used. */
  origin: string;
  /** The site the page is for (siteKey): a business's own domain shows only that business. */
  site: string;
  /** Path and query, as sent. */
  path: string;
}

const cookiesOf = (facts: PageRequestFacts) => parseCookie(headerOf(facts, "cookie") ?? "");

/**
 * Whether a signed-in client gets the marketplace page made for all signed-in clients (decision 0031): the page
 * is then made without their session, and their own parts come from the browser.
 */
export function isSignedInPage(facts: PageRequestFacts): boolean {
  if (facts.method !== "GET" && facts.method !== "HEAD") return false;
  const cookies = cookiesOf(facts);
  return (
    cookies[COOKIE.session] !== undefined &&
    cookies[COOKIE.basket] === undefined &&
    isPublicPage(new URL(facts.path, facts.origin).pathname)
  );
}

/**
 * The cache key of a request, or null when the page must be made for this visitor alone. Everything the page
 * reads from the request is in it: the site and the address, the language cookie and Accept-Language (pages without a
 * language in the path go by them), the cookie-consent answer (the banner), and whether the visitor is signed in
 * (a marketplace page made for all signed-in clients); nothing else a visitor sends changes such a page. The
 * client's area and the accounts pages, with a session, are made for that client alone.
 */
export function pageCacheKey(facts: PageRequestFacts): string | null {
  if (facts.method !== "GET" && facts.method !== "HEAD") return null;
  const cookies = cookiesOf(facts);
  if (PERSONAL_COOKIES.some((name) => cookies[name] !== undefined)) return null;
  const signedIn = cookies[COOKIE.session] !== undefined;
  if (signedIn && !isSignedInPage(facts)) return null;
  return [
    signedIn ? "signed in" : "visitor",
    facts.site,
    facts.origin,
    facts.path,
    cookies[COOKIE.language] ?? "",
    matchAcceptLanguage(headerOf(facts, "accept-language")) ?? "",
    cookies[COOKIE.cookieConsent] ?? "",
  ].join("\n");
}

/**
 * Serves pages from memory when they may be shared, else as `render` makes them: visitors asking for one page at
 * once wait for one rendering, so a popular page expiring costs one render, not fifty.
 */
export function createPageCache(options: { now?: () => number } = {}) {
  const cache = createSharedAnswerCache({
    freshSeconds: FRESH_SECONDS,
    staleSeconds: STALE_SECONDS,
    maxEntries: MAX_ENTRIES,
    vary: VARY,
    ...options,
  });
  return {
    /** The answer to a request: from memory when it may be, else `render`'s. */
    serve: (facts: PageRequestFacts, render: Make): Promise<Answer> => cache.serve(pageCacheKey(facts), facts, render),
    /** Forgets every kept page: after a write, the writer's next page (a like's new count) is made afresh. */
    clear: () => cache.clear(),
  };
}
