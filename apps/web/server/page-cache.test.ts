import { gunzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import {
  FRESH_SECONDS,
  STALE_SECONDS,
  createPageCache,
  pageCacheKey,
  type RenderedPage,
  type RequestFacts,
} from "./page-cache.ts";

const visit = (path: string, headers: RequestFacts["headers"] = {}, method = "GET"): RequestFacts => ({
  method,
  origin: "http://localhost:3000",
  path,
  headers,
});

function page(body: string, headers: Record<string, string> = {}, status = 200): RenderedPage {
  return { status, headers: new Headers({ "content-type": "text/html", ...headers }), body: Buffer.from(body) };
}

/** A render that says how many times it ran, each time with the next version of the page. */
function counting(headers: Record<string, string> = {}, status = 200) {
  const render = async () => {
    render.count++;
    return page(`version ${render.count}`, headers, status);
  };
  render.count = 0;
  return render;
}

const text = (body: Buffer | null) => body?.toString("utf8");
const headerOf = (headers: [string, string][], name: string) => headers.find(([key]) => key === name)?.[1];

describe("pageCacheKey", () => {
  it("is null for a visitor with a session or a basket, and for anything but GET and HEAD", () => {
    expect(pageCacheKey(visit("/en/home", { cookie: "termin_session=abc" }))).toBeNull();
    expect(pageCacheKey(visit("/en/home", { cookie: "a=1; termin_basket=xyz" }))).toBeNull();
    expect(pageCacheKey(visit("/en/home", {}, "POST"))).toBeNull();
    expect(pageCacheKey(visit("/en/home", {}, "HEAD"))).toBe(pageCacheKey(visit("/en/home")));
  });

  it("differs by address, language cookie, Accept-Language's language and the cookie-consent answer only", () => {
    const home = pageCacheKey(visit("/en/home"));
    expect(pageCacheKey(visit("/bg/home"))).not.toBe(home);
    expect(pageCacheKey(visit("/en/home?x=1"))).not.toBe(home);
    expect(pageCacheKey(visit("/en/home", { cookie: "language=bg" }))).not.toBe(home);
    expect(pageCacheKey(visit("/en/home", { cookie: "cookie_consent_accepted=true" }))).not.toBe(home);
    expect(pageCacheKey(visit("/en/home", { "accept-language": "de-AT,de;q=0.9" }))).toBe(
      pageCacheKey(visit("/en/home", { "accept-language": "de" })),
    );
    expect(pageCacheKey(visit("/en/home", { "accept-language": "de" }))).not.toBe(home);
    // What no anonymous page reads: other cookies, the browser, where the visitor came from.
    expect(
      pageCacheKey(visit("/en/home", { cookie: "custom-tracking=%7B%7D", "user-agent": "Bot", referer: "x" })),
    ).toBe(home);
  });
});

describe("createPageCache", () => {
  it("serves a shareable page from memory while fresh, compressed as the visitor accepts, with its validators", async () => {
    let clock = 0;
    const cache = createPageCache({ now: () => clock });
    const render = counting();
    const first = await cache.serve(visit("/en/home", { "accept-encoding": "gzip" }), render);
    clock += 900;
    const second = await cache.serve(visit("/en/home", { "accept-encoding": "gzip, deflate" }), render);
    expect(render.count).toBe(1);
    expect(headerOf(second.headers, "content-encoding")).toBe("gzip");
    expect(gunzipSync(second.body ?? Buffer.alloc(0)).toString()).toBe("version 1");
    expect(headerOf(first.headers, "cache-control")).toBe(
      `public, max-age=${FRESH_SECONDS}, stale-while-revalidate=${STALE_SECONDS}`,
    );
    expect(headerOf(first.headers, "vary")).toBe("Accept-Encoding, Accept-Language, Cookie");
    const etag = headerOf(first.headers, "etag") ?? "";
    expect(etag).toMatch(/^W\/"/);
    const notModified = await cache.serve(visit("/en/home", { "if-none-match": etag }), render);
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBeNull();
    expect(headerOf(notModified.headers, "etag")).toBe(etag);
  });

  it("after its fresh second serves the kept page once more while the next is made, and never one older than the limit", async () => {
    let clock = 0;
    const cache = createPageCache({ now: () => clock });
    const render = counting();
    await cache.serve(visit("/en/home"), render);
    clock = FRESH_SECONDS * 1000 + 1;
    const stale = await cache.serve(visit("/en/home"), render);
    expect(text(stale.body)).toBe("version 1");
    await vi.waitFor(async () => expect(text((await cache.serve(visit("/en/home"), render)).body)).toBe("version 2"));
    expect(render.count).toBe(2);
    // Nobody asked for a while: past the limit, the visitor waits for a new page rather than get an old one.
    clock += (FRESH_SECONDS + STALE_SECONDS) * 1000;
    expect(text((await cache.serve(visit("/en/home"), render)).body)).toBe("version 3");
  });

  it("makes a page once for visitors asking at the same time", async () => {
    const cache = createPageCache();
    const render = counting();
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.serve(visit("/en/home"), render)));
    expect(render.count).toBe(1);
    expect(new Set(answers.map((answer) => text(answer.body)))).toEqual(new Set(["version 1"]));
  });

  it("never keeps a visitor's own page: a session, a Set-Cookie, private or no-store, or an answer other than 200", async () => {
    const cache = createPageCache();
    const cases: [RequestFacts, () => Promise<RenderedPage>][] = [
      [visit("/en/home", { cookie: "termin_session=abc" }), counting()],
      [visit("/en/a"), counting({ "set-cookie": "custom-tracking=1" })],
      [visit("/en/b"), counting({ "cache-control": "private, no-store" })],
      [visit("/en/c"), counting({}, 404)],
    ];
    for (const [facts, render] of cases) {
      await cache.serve(facts, render);
      expect(text((await cache.serve(facts, render)).body), facts.path).toBe("version 2");
    }
    const personal = await cache.serve(visit("/en/home", { cookie: "termin_session=abc" }), counting());
    expect(headerOf(personal.headers, "cache-control")).toBe("private, no-store");
  });

  it("gives a visitor waiting on another's page that set a cookie a page of its own, without that cookie", async () => {
    const cache = createPageCache();
    let renders = 0;
    const render = async (shared: boolean) => {
      renders++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return shared && renders === 1 ? page("for the first", { "set-cookie": "custom-tracking=1" }) : page("own");
    };
    const [first, second] = await Promise.all([
      cache.serve(visit("/en/home"), render),
      cache.serve(visit("/en/home"), render),
    ]);
    expect(headerOf(first.headers, "set-cookie")).toBe("custom-tracking=1");
    expect(text(second.body)).toBe("own");
    expect(headerOf(second.headers, "set-cookie")).toBeUndefined();
  });
});
