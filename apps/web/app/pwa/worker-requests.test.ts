import { describe, expect, it } from "vitest";
import { mayKeepPage, offlinePageLanguage, passesStraightThrough } from "./worker-requests.ts";

const origin = "https://termin.test";
const get = (path: string, headers: Record<string, string> = {}) => ({
  method: "GET",
  url: new URL(path, origin),
  headers: new Headers(headers),
});

describe("passesStraightThrough", () => {
  it("lets API calls, bypassing requests, writes and other origins through", () => {
    expect(passesStraightThrough(get("/v1c/locations"), origin)).toBe(true);
    expect(passesStraightThrough(get("/auth/token"), origin)).toBe(true);
    expect(passesStraightThrough(get("/images/1.webp"), origin)).toBe(true);
    expect(passesStraightThrough(get("/en/home", { "sw-bypass": "true" }), origin)).toBe(true);
    expect(passesStraightThrough({ ...get("/en/home"), method: "POST" }, origin)).toBe(true);
    expect(passesStraightThrough(get("https://other.test/en/home"), origin)).toBe(true);
    expect(passesStraightThrough(get("/sw.js"), origin)).toBe(true);
    expect(passesStraightThrough(get("/manifest.webmanifest?lang=de"), origin)).toBe(true);
  });

  it("handles pages and assets", () => {
    expect(passesStraightThrough(get("/en/home"), origin)).toBe(false);
    expect(passesStraightThrough(get("/assets/root-abc123.js"), origin)).toBe(false);
    // A page whose first segment only starts like an API root.
    expect(passesStraightThrough(get("/en/pages/authors"), origin)).toBe(false);
  });
});

describe("mayKeepPage", () => {
  const answer = (status: number, headers: Record<string, string> = {}) => ({ status, headers: new Headers(headers) });

  it("keeps the marketplace's pages and their data", () => {
    expect(mayKeepPage(new URL("/de/home", origin), answer(200))).toBe(true);
    expect(mayKeepPage(new URL("/de/search.data?_routes=x", origin), answer(200))).toBe(true);
  });

  it("never keeps a client's own pages, private answers or failures", () => {
    expect(mayKeepPage(new URL("/de/appointments", origin), answer(200))).toBe(false);
    expect(mayKeepPage(new URL("/de/settings", origin), answer(200))).toBe(false);
    expect(mayKeepPage(new URL("/de/home", origin), answer(200, { "cache-control": "private, no-store" }))).toBe(false);
    expect(mayKeepPage(new URL("/de/home", origin), answer(200, { "Cache-Control": "no-store" }))).toBe(false);
    expect(mayKeepPage(new URL("/de/home", origin), answer(503))).toBe(false);
  });
});

describe("offlinePageLanguage", () => {
  it("takes the address's language, else the browser's, else English", () => {
    expect(offlinePageLanguage("/bg/search", ["de-DE"])).toBe("bg");
    expect(offlinePageLanguage("/", ["pt-BR", "de-AT"])).toBe("de");
    expect(offlinePageLanguage("/xx/home", ["ja"])).toBe("en");
  });
});
