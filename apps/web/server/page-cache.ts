import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { Negotiator } from "@fastify/accept-negotiator";
import { parseCookie } from "cookie";
import { matchAcceptLanguage } from "@termin/domain/languages";
import { COOKIE } from "@termin/contracts/cookies";

/**
 * The anonymous visitors' page cache (decision 0029). A page is kept when it was made for nobody in particular:
 * a GET without a session or basket, answered 200 without Set-Cookie and without `private`/`no-store` (the
 * booking picker's live free times say `no-store`). It is served as bytes already compressed for
 * FRESH_SECONDS, then, while the next one is made in the background, for STALE_SECONDS more: no visitor ever
 * gets a page made more than FRESH_SECONDS + STALE_SECONDS ago, so a change made through the API shows within
 * that time on every page it touches.
 */
export const FRESH_SECONDS = 1;
export const STALE_SECONDS = 4;

/**
 * Pages kept at most, the one made longest ago out first (a busy page is made again every few seconds, so it stays).
 * A page is kept three ways (identity, brotli, gzip), some 60 KB: about 120 MB at most.
 */
const MAX_ENTRIES = 2_000;

/** The headers a page varies by: the key's (language, cookies) and the compression it is sent with. */
export const VARY = "Accept-Encoding, Accept-Language, Cookie";

/** Cookies that make a page someone's own: with one, the page is made for that visitor and never kept. */
const PERSONAL_COOKIES = [COOKIE.session, COOKIE.basket];

export interface RequestFacts {
  method: string;
  /** Host, with the scheme the visitor used: later a business's own domain changes the page. */
  origin: string;
  /** Path and query, as sent. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
}

const header = (facts: RequestFacts, name: string) => {
  const value = facts.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
};

/**
 * The cache key of a request, or null when the page must be made for this visitor alone. Everything the page
 * reads from the request is in it: the address, the language cookie and Accept-Language (pages without a
 * language in the path go by them), and the cookie-consent answer (the banner); nothing else a visitor sends
 * changes an anonymous page.
 */
export function pageCacheKey(facts: RequestFacts): string | null {
  if (facts.method !== "GET" && facts.method !== "HEAD") return null;
  const cookies = parseCookie(header(facts, "cookie") ?? "");
  if (PERSONAL_COOKIES.some((name) => cookies[name] !== undefined)) return null;
  return [
    facts.origin,
    facts.path,
    cookies[COOKIE.language] ?? "",
    matchAcceptLanguage(header(facts, "accept-language")) ?? "",
    cookies[COOKIE.cookieConsent] ?? "",
  ].join("\n");
}

/** A page as React Router answered it, read whole. */
export interface RenderedPage {
  status: number;
  headers: Headers;
  body: Buffer;
}

/** Whether an answer was made for nobody in particular and may be served to others. */
export function isShareable(page: RenderedPage): boolean {
  if (page.status !== 200 || page.headers.has("set-cookie")) return false;
  return !/\b(private|no-store)\b/.test(page.headers.get("cache-control") ?? "");
}

interface CachedPage {
  status: number;
  headers: [string, string][];
  etag: string;
  madeAt: number;
  bodies: { identity: Buffer; br: Buffer; gzip: Buffer };
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const encodings = new Negotiator({ supportedValues: ["br", "gzip", "identity"] });

async function keep(page: RenderedPage, madeAt: number): Promise<CachedPage> {
  // The same quality as pages compressed on the fly (compression.ts), done once per page made, off the main thread.
  const [br, gz] = await Promise.all([
    brotli(page.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
    gzipAsync(page.body),
  ]);
  const headers = [...page.headers].filter(([name]) => name !== "content-length" && name !== "cache-control");
  const etag = `W/"${createHash("sha256").update(page.body).digest("base64url").slice(0, 27)}"`;
  return { status: page.status, headers, etag, madeAt, bodies: { identity: page.body, br, gzip: gz } };
}

export interface PageAnswer {
  status: number;
  headers: [string, string][];
  body: Buffer | null;
}

/**
 * Makes the page; `shared` when others may get it too, so the render must not stop when this visitor leaves
 * (a page made in the background outlives the request that asked for it).
 */
export type Render = (shared: boolean) => Promise<RenderedPage>;

export interface PageCacheOptions {
  now?: () => number;
}

/**
 * Serves pages from memory when they may be shared, else as `render` makes them. Visitors asking for one page at
 * once wait for one rendering: a popular page expiring costs one render, not fifty.
 */
export function createPageCache(options: PageCacheOptions = {}) {
  const now = options.now ?? Date.now;
  const pages = new Map<string, CachedPage>();
  const making = new Map<string, Promise<CachedPage | RenderedPage>>();

  function remember(key: string, page: CachedPage) {
    pages.delete(key);
    pages.set(key, page);
    if (pages.size > MAX_ENTRIES) pages.delete(pages.keys().next().value as string);
  }

  /** Renders for `key`; a shareable page is kept. */
  function make(key: string, render: Render): Promise<CachedPage | RenderedPage> {
    const madeAt = now();
    const made = render(true)
      .then(async (page) => {
        if (!isShareable(page)) return page;
        const cached = await keep(page, madeAt);
        remember(key, cached);
        return cached;
      })
      .finally(() => making.delete(key));
    making.set(key, made);
    return made;
  }

  function answer(page: CachedPage, facts: RequestFacts): PageAnswer {
    const headers: [string, string][] = [
      ...page.headers,
      ["cache-control", `public, max-age=${FRESH_SECONDS}, stale-while-revalidate=${STALE_SECONDS}`],
      ["vary", VARY],
      ["etag", page.etag],
      // A cache on the way counts the time the page spent here against its max-age.
      ["age", String(Math.floor((now() - page.madeAt) / 1000))],
    ];
    const ifNoneMatch = header(facts, "if-none-match");
    if (ifNoneMatch?.split(/\s*,\s*/).includes(page.etag)) return { status: 304, headers, body: null };
    const encoding = encodings.negotiate(header(facts, "accept-encoding") ?? "") ?? "identity";
    if (encoding !== "identity") headers.push(["content-encoding", encoding]);
    return { status: page.status, headers, body: facts.method === "HEAD" ? null : page.bodies[encoding] };
  }

  /** A page made for this visitor alone: never kept, and said so to any cache on the way. */
  function personal(page: RenderedPage): PageAnswer {
    const headers = [...page.headers].filter(([name]) => name !== "set-cookie");
    if (!page.headers.has("cache-control")) headers.push(["cache-control", "private, no-store"]);
    headers.push(["vary", VARY]);
    for (const cookie of page.headers.getSetCookie()) headers.push(["set-cookie", cookie]);
    return { status: page.status, headers, body: page.body };
  }

  const isKept = (page: CachedPage | RenderedPage): page is CachedPage => "bodies" in page;

  return {
    /** The answer to a request: from memory when it may be, else `render`'s. */
    async serve(facts: RequestFacts, render: Render): Promise<PageAnswer> {
      const key = pageCacheKey(facts);
      if (key === null) return personal(await render(false));
      const cached = pages.get(key);
      const age = cached ? (now() - cached.madeAt) / 1000 : Infinity;
      if (cached && age < FRESH_SECONDS + STALE_SECONDS) {
        if (age >= FRESH_SECONDS && !making.has(key)) make(key, render).catch(() => undefined);
        return answer(cached, facts);
      }
      const pending = making.get(key);
      if (pending) {
        const made = await pending;
        // Another visitor's page that may not be shared (it set their cookie): this one gets its own.
        return isKept(made) ? answer(made, facts) : personal(await render(false));
      }
      const made = await make(key, render);
      return isKept(made) ? answer(made, facts) : personal(made);
    },
  };
}
