import { describe, expect, it } from "vitest";
import { matchesEmbedOrigin } from "./embed-origin.ts";

describe("matchesEmbedOrigin", () => {
  it("takes the origin itself", () => {
    expect(matchesEmbedOrigin("https://salon.example", "https://salon.example")).toBe(true);
    expect(matchesEmbedOrigin("https://salon.example", "https://salon.example:8443")).toBe(false);
    expect(matchesEmbedOrigin("https://salon.example", "http://salon.example")).toBe(false);
  });

  it("takes any port of the host for a :* pattern, and nothing else", () => {
    expect(matchesEmbedOrigin("http://localhost:*", "http://localhost:5173")).toBe(true);
    expect(matchesEmbedOrigin("http://localhost:*", "http://localhost")).toBe(true);
    expect(matchesEmbedOrigin("http://localhost:*", "http://localhost.evil.example")).toBe(false);
    expect(matchesEmbedOrigin("http://localhost:*", "http://evil.localhost:5173")).toBe(false);
    expect(matchesEmbedOrigin("http://localhost:*", "https://localhost:5173")).toBe(false);
    expect(matchesEmbedOrigin("http://localhost:*", "http://localhost:80x")).toBe(false);
  });
});
