import { describe, expect, it } from "vitest";
import type { MadeAnswer } from "@termin/api/http/shared-answer-cache";
import {
  CHANGE_SHOWN_WITHIN_SECONDS,
  FRESH_SECONDS,
  STALE_SECONDS,
  createPageCache,
  isSignedInPage,
  pageCacheKey,
  type PageRequestFacts,
} from "./page-cache.ts";

const visit = (path: string, headers: PageRequestFacts["headers"] = {}, method = "GET"): PageRequestFacts => ({
  method,
  origin: "http://localhost:3000",
  site: "marketplace http://localhost:3000",
  path,
  headers,
});

const text = (body: Buffer | null) => body?.toString("utf8");
const headerOf = (headers: [string, string][], name: string) => headers.find(([key]) => key === name)?.[1];

describe("pageCacheKey", () => {
  it("is null for a basket, a session outside the marketplace pages, and anything but GET and HEAD", () => {
    expect(pageCacheKey(visit("/en/notifications", { cookie: "termin_session=abc" }))).toBeNull();
    expect(pageCacheKey(visit("/en/sign-in", { cookie: "termin_session=abc" }))).toBeNull();
    expect(pageCacheKey(visit("/en/home", { cookie: "a=1; termin_basket=xyz" }))).toBeNull();
    expect(pageCacheKey(visit("/en/home", { cookie: "termin_session=abc; termin_basket=xyz" }))).toBeNull();
    expect(pageCacheKey(visit("/en/home", {}, "POST"))).toBeNull();
    expect(pageCacheKey(visit("/en/home", {}, "HEAD"))).toBe(pageCacheKey(visit("/en/home")));
  });

  it("keeps one marketplace page for every signed-in client, apart from the visitors' one", () => {
    const signedIn = pageCacheKey(visit("/en/location/spa", { cookie: "termin_session=abc" }));
    expect(signedIn).not.toBeNull();
    expect(pageCacheKey(visit("/en/location/spa", { cookie: "termin_session=another; x=1" }))).toBe(signedIn);
    expect(pageCacheKey(visit("/en/location/spa"))).not.toBe(signedIn);
    expect(isSignedInPage(visit("/en/location/spa", { cookie: "termin_session=abc" }))).toBe(true);
    expect(isSignedInPage(visit("/en/location/spa", { cookie: "termin_session=abc" }, "POST"))).toBe(false);
    expect(isSignedInPage(visit("/en/location/spa"))).toBe(false);
    expect(isSignedInPage(visit("/en/appointments", { cookie: "termin_session=abc" }))).toBe(false);
  });

  it("keeps each site's page apart, on one host too (a forwarded host names another business)", () => {
    const marketplace = pageCacheKey(visit("/en/locations"));
    const salon = pageCacheKey({ ...visit("/en/locations"), site: "domain 4 http://salon.localhost:3000" });
    expect(salon).not.toBeNull();
    expect(salon).not.toBe(marketplace);
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
  it("keeps a visitor's page for the page policy's time and makes a signed-in client's page for them alone", async () => {
    let clock = 0;
    const cache = createPageCache({ now: () => clock });
    let renders = 0;
    const render = async (): Promise<MadeAnswer> => {
      renders++;
      return { status: 200, headers: new Headers({ "content-type": "text/html" }), body: Buffer.from("the page") };
    };
    await cache.serve(visit("/en/home"), render);
    clock = FRESH_SECONDS * 1000 - 1;
    expect(text((await cache.serve(visit("/en/home"), render)).body)).toBe("the page");
    expect(renders).toBe(1);
    // Until its limit the kept page is served while one render makes the next.
    clock = (FRESH_SECONDS + STALE_SECONDS) * 1000 - 1;
    const kept = await cache.serve(visit("/en/home"), render);
    expect([renders, text(kept.body)]).toEqual([2, "the page"]);
    expect(headerOf(kept.headers, "cache-control")).toBe(
      `public, max-age=${FRESH_SECONDS}, stale-while-revalidate=${STALE_SECONDS}`,
    );
    expect(headerOf(kept.headers, "vary")).toBe("Accept-Encoding, Accept-Language, Cookie");
    const own = await cache.serve(visit("/en/settings", { cookie: "termin_session=abc" }), render);
    expect(headerOf(own.headers, "cache-control")).toBe("private, no-store");
    expect(CHANGE_SHOWN_WITHIN_SECONDS).toBeLessThanOrEqual(5);
  });
});
