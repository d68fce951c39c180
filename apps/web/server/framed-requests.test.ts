import { describe, expect, it } from "vitest";
import { isFramedRequest, isSameOriginWrite, partitionedCookie } from "./framed-requests.ts";

const at = (url: string, headers: Record<string, string> = {}) => ({
  url,
  headers,
  protocol: "http" as const,
  host: "localhost:3000",
});

describe("isFramedRequest", () => {
  it("knows an embed page, and what such a page asks of this origin", () => {
    expect(isFramedRequest(at("/en/embed/business/studio/basket"))).toBe(true);
    expect(isFramedRequest(at("/en/personal", { referer: "http://localhost:3000/en/embed/location-services/x" }))).toBe(
      true,
    );
  });

  it("leaves marketplace pages, and a Referer of another origin, alone", () => {
    expect(isFramedRequest(at("/en/basket"))).toBe(false);
    expect(isFramedRequest(at("/en/personal", { referer: "http://localhost:3000/en/home" }))).toBe(false);
    expect(isFramedRequest(at("/en/personal", { referer: "https://evil.example/en/embed/business/x" }))).toBe(false);
    expect(isFramedRequest(at("/en/personal", { referer: "not a url" }))).toBe(false);
  });
});

describe("partitionedCookie", () => {
  it("keeps the cookie in the framing site's partition, cross-site, over secure transport only", () => {
    expect(partitionedCookie("termin_session=abc; Max-Age=60; Path=/; HttpOnly; SameSite=Lax")).toBe(
      "termin_session=abc; Max-Age=60; Path=/; HttpOnly; SameSite=None; Secure; Partitioned",
    );
    expect(partitionedCookie("basket=; Path=/; Secure; SameSite=Strict")).toBe(
      "basket=; Path=/; SameSite=None; Secure; Partitioned",
    );
  });
});

describe("isSameOriginWrite", () => {
  it("takes a post from a page of this origin", () => {
    expect(isSameOriginWrite(at("/", { origin: "http://localhost:3000" }))).toBe(true);
    expect(isSameOriginWrite(at("/", { "sec-fetch-site": "same-origin" }))).toBe(true);
    expect(isSameOriginWrite(at("/"))).toBe(true);
  });

  it("refuses another site's forged post, an opaque origin, and a cross-site fetch without Origin", () => {
    expect(isSameOriginWrite(at("/", { origin: "https://evil.example" }))).toBe(false);
    expect(isSameOriginWrite(at("/", { origin: "http://localhost:3001" }))).toBe(false);
    expect(isSameOriginWrite(at("/", { origin: "null" }))).toBe(false);
    expect(isSameOriginWrite(at("/", { "sec-fetch-site": "cross-site" }))).toBe(false);
  });
});
