import { describe, expect, it } from "vitest";
import {
  dataUnreachableAnswer,
  discoveryUnreachableAnswer,
  mayKeepPage,
  offlinePageLanguage,
  pageOfData,
  passesStraightThrough,
} from "./worker-requests.ts";

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

  it("never keeps another address's page under this one (a redirect followed)", () => {
    expect(mayKeepPage(new URL("/de/search", origin), { ...answer(200), redirected: true })).toBe(false);
  });
});

describe("offlinePageLanguage", () => {
  it("takes the address's language, else the browser's, else English", () => {
    expect(offlinePageLanguage("/bg/search", ["de-DE"])).toBe("bg");
    expect(offlinePageLanguage("/", ["pt-BR", "de-AT"])).toBe("de");
    expect(offlinePageLanguage("/xx/home", ["ja"])).toBe("en");
  });
});

describe("pageOfData", () => {
  it("names the page React Router's data is for, without its own parameters", () => {
    expect(pageOfData(new URL("/bg/search.data?q=%D0%BC&city=sofia&_routes=routes%2Fsearch", origin))?.href).toBe(
      `${origin}/bg/search?q=%D0%BC&city=sofia`,
    );
    expect(pageOfData(new URL("/en/_.data", origin))?.href).toBe(`${origin}/en/`);
    expect(pageOfData(new URL("/en/search?q=x", origin))).toBeNull();
  });
});

describe("answers when the network cannot be reached", () => {
  it("turns a route discovery into a document navigation", () => {
    const answer = discoveryUnreachableAnswer();
    expect(answer.status).toBe(204);
    expect(answer.headers.has("X-Remix-Reload-Document")).toBe(true);
  });

  it("turns a page's data into a document navigation to the page", () => {
    const answer = dataUnreachableAnswer(new URL("/en/search?q=manicure&city=sofia", origin));
    expect(answer.status).toBe(204);
    expect(Object.fromEntries(answer.headers)).toMatchObject({
      "x-remix-redirect": "/en/search?q=manicure&city=sofia",
      "x-remix-reload-document": "true",
    });
  });
});
