import { sql } from "drizzle-orm";
import { PUBLIC_DOCUMENT_LIFETIME_SECONDS } from "@termin/api/http/public-document-cache";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { createTestClient } from "@termin/api/testing/test-clients";
import { startTestWebServer, type TestWebServer } from "../server/testing/start-test-web-server.ts";
import { sessionFromTokens, setSessionHeader } from "./lib/session-cookie.server.ts";
import routes from "./routes.ts";
import { REFUSAL_STATUS_HEADER } from "./lib/expected-refusals.server.ts";

/**
 * Every page in the route table, given hostile path and query values and odd Accept-Language headers: never a
 * 5xx, a path naming nothing is the 404 page, and no answer shows a stack trace, a database error or a script the
 * request carried (docs/decisions/0024-input-edge.md).
 */

interface Page {
  /** The path pattern, e.g. ":lang/location/:slug". */
  pattern: string;
  params: string[];
}

/** The route table's paths, children joined to their parents. */
function pagesOf(entries: RouteConfigEntry[], parent = ""): Page[] {
  return entries.flatMap((entry) => {
    const pattern = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const own = entry.path !== undefined || entry.index ? [{ pattern, params: paramsOf(pattern) }] : [];
    return [...own, ...pagesOf(entry.children ?? [], pattern)];
  });
}

function paramsOf(pattern: string): string[] {
  return pattern
    .split("/")
    .flatMap((segment) => (segment.startsWith(":") ? [segment.slice(1)] : segment === "*" ? ["*"] : []));
}

function fill(pattern: string, values: Record<string, string>): string {
  const path = pattern
    .split("/")
    .map((segment) => (segment.startsWith(":") ? values[segment.slice(1)] : segment === "*" ? values["*"] : segment))
    .join("/");
  return `/${path}`;
}

const PAGES = pagesOf(routes);
const WITH_PARAMS = PAGES.filter((page) => page.params.length > 0);
/** Query parameters the pages read, and a few they do not. */
const QUERY_NAMES = [
  ...["q", "city", "neighborhood", "service", "category", "type", "price_min", "price_max", "rating_min", "near"],
  ...["sort", "page", "redirectTo", "token", "notice", "saved", "language", "utm_source", "lang", "state", "code"],
];

const encode = encodeURIComponent;
const isUtf8 = (bytes: Uint8Array) => {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
};
const SCRIPT = "<script>alert(1)</script>";

/** Values as they appear in a URL (already percent-encoded) that name nothing of ours, whatever the page. */
const unknownValue = fc.oneof(
  fc.tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 })).map(([a, b]) => encode(`${a}\u0000${b}`)),
  fc
    .uint8Array({ minLength: 1, maxLength: 8 })
    .filter((bytes) => !isUtf8(bytes))
    .map((bytes) => [...bytes].map((byte) => `%${byte.toString(16).padStart(2, "0").toUpperCase()}`).join("")),
  fc.constantFrom("%", "%G1", "%E0%80", "%ED%A0%80", "100%", "%%30", "a%00b", "%C0%AE%C0%AE"),
  fc.constantFrom("a", "z", "9", "-").map((character) => character.repeat(10_000)),
  fc.bigInt({ min: 10n ** 15n, max: 10n ** 40n }).map(String),
  fc.bigInt({ min: -(10n ** 40n), max: -1n }).map(String),
  fc.constantFrom("99999999999999999999", "1e400", "-0", "NaN", "Infinity", "0x1F", "1.5", "-1"),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }).map((text) => encode(`zz-${text}`)),
  fc.stringMatching(/^[a-z0-9-]{1,30}$/).map((slug) => `zz-unknown-${slug}`),
  fc.constantFrom(SCRIPT, `"><svg onload=alert(1)>`, "'; drop table locations; --").map((text) => encode(`zz${text}`)),
);

/** Query values: the above, and anything else a link could hold. */
const queryValue = fc.oneof(unknownValue, fc.string({ unit: "grapheme", maxLength: 40 }).map(encode), fc.constant(""));

const acceptLanguage = fc.oneof(
  fc.constantFrom("", "*", "xx", "en;q=abc", "zh-Hant-TW;q=0.5, *;q=0", "en-US,en;q=0.9,bg;q=2", ";;;,,,=", "q=1"),
  fc.stringMatching(/^[\x20-\x7e]{0,300}$/),
);

// A stack frame, a database's own words, or the request's script coming back unescaped.
const LEAKS = [
  /\n\s+at [^\n]+:\d+:\d+/,
  /node:internal|file:\/\//,
  /syntax error at|invalid byte sequence|violates [a-z ]*constraint|SQLSTATE|PostgresError|PGlite|drizzle/i,
  /<script>alert\(|<svg onload/i,
];

let server: TestWebServer;
let signedIn: string;
beforeAll(async () => {
  server = await startTestWebServer({ demoData: true });
  const client = await createTestClient(server.database.db);
  const session = setSessionHeader(new Request(server.url), sessionFromTokens(client.tokens));
  signedIn = session.split(";")[0] ?? "";
}, 60_000);
afterAll(() => server.close());

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, { headers, redirect: "manual" });
  const body = await response.text();
  expect(response.status, `${path}: ${body.slice(0, 300)}`).toBeLessThan(500);
  for (const leak of LEAKS) expect(body, `${path} shows ${leak}`).not.toMatch(leak);
  // A page-data refusal goes out as 200 with its status in a header (expected-refusals.server.ts): that status counts.
  const refusal = response.headers.get(REFUSAL_STATUS_HEADER);
  return { status: refusal ? Number(refusal) : response.status, location: response.headers.get("location"), body };
}

/** The page with its last parameter given `value` (the language itself on pages with no other), else "en". */
function pathWith(page: Page, value: string, suffix = ""): string {
  return `${fill(page.pattern, { lang: "en", [page.params[page.params.length - 1] as string]: value })}${suffix}`;
}

const ordinaryStatus = new Map<string, Promise<number>>();
/**
 * Whether the page redirects by who is asking even when its address names nothing plainly: a visitor to
 * sign in first, a signed-in client away from signing in. That rule may come before what the address names.
 */
async function redirectsWhoever(page: Page, cookie: string | undefined, suffix = ""): Promise<boolean> {
  const key = `${page.pattern}|${cookie !== undefined}|${suffix}`;
  let status = ordinaryStatus.get(key);
  if (!status) {
    status = get(pathWith(page, "zz-unknown", suffix), cookie ? { cookie } : {}).then((answer) => answer.status);
    ordinaryStatus.set(key, status);
  }
  // React Router answers a data request's redirect with 202, saying where in the body.
  return [302, 202].includes(await status);
}

// Each test sends thousands of requests: some 12 s alone, and more than the default 30 s when the booking load test
// (60 s of two API processes) shares the 2 cores with it.
describe("pages from the route table, with hostile input", { timeout: 120_000 }, () => {
  it("covers every page of the route table", () => {
    expect(PAGES.map((page) => page.pattern)).toEqual(
      expect.arrayContaining([":lang/search", ":lang/location/:slug", ":lang/inspiration/view/:mediaId", ":lang/*"]),
    );
    expect(WITH_PARAMS.length).toBeGreaterThanOrEqual(8);
  });

  it("answers a path parameter that names nothing with the 404 page, signed in or not", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...WITH_PARAMS),
        unknownValue,
        acceptLanguage,
        fc.boolean(),
        async (page, value, language, withSession) => {
          const cookie = withSession ? signedIn : undefined;
          const path = pathWith(page, value);
          const { status } = await get(path, { "accept-language": language, ...(cookie ? { cookie } : {}) });
          const expected = (await redirectsWhoever(page, cookie)) ? [404, 302] : [404];
          expect(expected, path.slice(0, 200)).toContain(status);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("answers the same to React Router's data requests (client-side navigation)", async () => {
    const pages = WITH_PARAMS.filter((page) => page.pattern.startsWith(":lang/"));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...pages), unknownValue, async (page, value) => {
        const path = pathWith(page, value, ".data");
        const expected = (await redirectsWhoever(page, signedIn, ".data")) ? [404, 202] : [404];
        expect(expected, path.slice(0, 200)).toContain((await get(path, { cookie: signedIn })).status);
      }),
      { numRuns: 40 },
    );
  });

  it("never fails on a query value: it is dropped (the same page without it) or the page explains it", async () => {
    const pages = PAGES.filter((page) => page.params.every((param) => param === "lang"));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...pages),
        fc.uniqueArray(fc.tuple(fc.constantFrom(...QUERY_NAMES), queryValue), {
          minLength: 1,
          maxLength: 4,
          selector: ([name]) => name,
        }),
        acceptLanguage,
        async (page, pairs, language) => {
          const path = `${fill(page.pattern, { lang: "en" })}?${pairs.map(([name, value]) => `${name}=${value}`).join("&")}`;
          const { location } = await get(path, { "accept-language": language });
          if (!location) return;
          // A redirect stays on this site (language switch, unreadable values dropped, signing in first) and works.
          const target = new URL(location, server.url);
          expect(target.origin).toBe(server.url);
          await get(`${target.pathname}${target.search}`, { "accept-language": language });
        },
      ),
      { numRuns: 150 },
    );
  });

  it("explains a search for one letter on the search page itself", async () => {
    const { status, body } = await get("/en/search?q=x");
    expect(status).toBe(200);
    expect(body).toContain("Type at least two letters to search.");
  });
});

describe("a real failure", () => {
  it("is the error page, status 500, with a reference that the log line carries whole", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    // The search page starts with the cities: without their table the API fails, as it would with a broken database.
    await server.database.db.execute(sql`alter table cities rename to cities_away`);
    try {
      // The cities an earlier page read may be kept for PUBLIC_DOCUMENT_LIFETIME_SECONDS more; each try asks
      // for an address no other asked for (a visitor's page may be kept too: page-cache.ts).
      let tries = 0;
      const response = await vi.waitFor(
        async () => {
          const answer = await fetch(`${server.url}/en/search?real-failure=${++tries}`);
          expect(answer.status).toBe(500);
          return answer;
        },
        { timeout: PUBLIC_DOCUMENT_LIFETIME_SECONDS * 1000 + 2000, interval: 100 },
      );
      const id = response.headers.get("x-request-id") ?? "";
      expect(id).toMatch(/^[\w-]{8,}$/);
      const body = await response.text();
      expect(body).toContain(`Reference for support: ${id.slice(0, 8)}`);
      expect(body).not.toContain(id);
      const lines = logged.mock.calls.map((args) => String(args[0]));
      expect(lines).toContain(`Request ${id} failed:`);
    } finally {
      await server.database.db.execute(sql`alter table cities_away rename to cities`);
      logged.mockRestore();
    }
  });
});
