import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./content-security-policy.server.ts";

/** The policy as directive name -> sources. */
function directives(policy: string): Map<string, string> {
  return new Map(
    policy.split("; ").map((directive) => {
      const [name = "", ...sources] = directive.split(" ");
      return [name, sources.join(" ")];
    }),
  );
}

describe("page Content-Security-Policy", () => {
  it("without the bot check allows scripts only from this origin or with the nonce, and frames from nowhere else", () => {
    const policy = contentSecurityPolicy({ nonce: "abc123", botCheck: false });
    const parsed = directives(policy);
    expect(parsed.get("script-src")).toBe("'self' 'nonce-abc123'");
    expect(parsed.has("frame-src")).toBe(false);
    expect(parsed.get("default-src")).toBe("'self'");
    expect(parsed.get("frame-ancestors")).toBe("'none'");
    expect(policy).not.toContain("cloudflare");
  });

  it("with the bot check also allows Turnstile's script and challenge frame, and loosens nothing else", () => {
    const without = directives(contentSecurityPolicy({ nonce: "abc123", botCheck: false }));
    const parsed = directives(contentSecurityPolicy({ nonce: "abc123", botCheck: true }));
    expect(parsed.get("script-src")).toBe("'self' 'nonce-abc123' https://challenges.cloudflare.com");
    expect(parsed.get("frame-src")).toBe("https://challenges.cloudflare.com");
    for (const [name, sources] of without) {
      if (name !== "script-src") expect(parsed.get(name), name).toBe(sources);
    }
  });
});
