import { describe, expect, it } from "vitest";
import { isRegisteredRedirectUri } from "./redirect-uris.ts";

const registered = [
  "http://127.0.0.1/callback",
  "http://[::1]/callback",
  "http://localhost/callback",
  "https://partner.example/oauth?app=1",
  "app.termin:/oauth/callback",
];

describe("redirect URIs", () => {
  it("match loopback ones on any port, with the same path and query", () => {
    for (const uri of [
      "http://127.0.0.1:5173/callback",
      "http://[::1]:8080/callback",
      "http://localhost:3000/callback",
    ]) {
      expect(isRegisteredRedirectUri(registered, uri), uri).toBe(true);
    }
    for (const uri of [
      "http://127.0.0.1:5173/callback/",
      "http://127.0.0.1:5173/other",
      "https://127.0.0.1/callback",
      "http://127.0.0.2/callback",
      "http://localhost.evil.example/callback",
    ]) {
      expect(isRegisteredRedirectUri(registered, uri), uri).toBe(false);
    }
  });

  it("match every other one exactly", () => {
    expect(isRegisteredRedirectUri(registered, "https://partner.example/oauth?app=1")).toBe(true);
    expect(isRegisteredRedirectUri(registered, "app.termin:/oauth/callback")).toBe(true);
    for (const uri of [
      "https://partner.example/oauth",
      "https://partner.example:8443/oauth?app=1",
      "https://PARTNER.example/oauth?app=1",
      "app.termin:/oauth/callback/x",
      "not a uri",
    ]) {
      expect(isRegisteredRedirectUri(registered, uri), uri).toBe(false);
    }
  });
});
