import { describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import type { Site } from "@termin/contracts/site";
import { framingAllowed } from "@termin/api/http/security-headers";
import { contentSecurityPolicy, framingOrigins, inlineScriptHashes } from "./content-security-policy.server.ts";

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
  it("without the bot check allows scripts only from this origin or with a listed hash, and frames from nowhere else", () => {
    const policy = contentSecurityPolicy({ scriptHashes: ["'sha256-abc='"], botCheck: false });
    const parsed = directives(policy);
    expect(parsed.get("script-src")).toBe("'self' 'sha256-abc='");
    expect(parsed.has("frame-src")).toBe(false);
    expect(parsed.get("default-src")).toBe("'self'");
    expect(parsed.get("frame-ancestors")).toBe("'none'");
    expect(policy).not.toContain("cloudflare");
  });

  it("with the bot check also allows Turnstile's script and challenge frame, and loosens nothing else", () => {
    const without = directives(contentSecurityPolicy({ scriptHashes: ["'sha256-abc='"], botCheck: false }));
    const parsed = directives(contentSecurityPolicy({ scriptHashes: ["'sha256-abc='"], botCheck: true }));
    expect(parsed.get("script-src")).toBe("'self' 'sha256-abc=' https://challenges.cloudflare.com");
    expect(parsed.get("frame-src")).toBe("https://challenges.cloudflare.com");
    for (const [name, sources] of without) {
      if (name !== "script-src") expect(parsed.get(name), name).toBe(sources);
    }
  });

  it("with error reporting on lets the page send to the DSN's origin, and loosens nothing else", () => {
    const without = directives(contentSecurityPolicy({ scriptHashes: [], botCheck: false }));
    const parsed = directives(
      contentSecurityPolicy({ scriptHashes: [], botCheck: false, errorReportingOrigin: "https://o1.ingest.sentry.io" }),
    );
    expect(parsed.get("connect-src")).toBe("'self' https://o1.ingest.sentry.io");
    for (const [name, sources] of without) {
      if (name !== "connect-src") expect(parsed.get(name), name).toBe(sources);
    }
  });

  it("lets an embed's page be framed by its business's origins only, and no other page by anyone", () => {
    const business = { id: 3, slug: "studio", name: "Studio", brandColor: null, soleLocation: null };
    const embed: Site = { mode: "embed", origin: "https://t.test", business, embedOrigins: ["https://studio.example"] };
    const domain: Site = { mode: "domain", origin: "https://studio.test", business };
    const framed = contentSecurityPolicy({ scriptHashes: [], botCheck: false, frameAncestors: framingOrigins(embed) });
    expect(directives(framed).get("frame-ancestors")).toBe("https://studio.example");
    expect(framingAllowed(framed)).toBe(true);
    for (const site of [domain, { ...embed, embedOrigins: [] }]) {
      const policy = contentSecurityPolicy({ scriptHashes: [], botCheck: false, frameAncestors: framingOrigins(site) });
      expect(directives(policy).get("frame-ancestors")).toBe("'none'");
      expect(framingAllowed(policy)).toBe(false);
    }
    expect(framingAllowed(undefined)).toBe(false);
  });

  it("lists the hash of each inline script once, as the browser computes it, and none for scripts with a src", () => {
    const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
    const html = [
      '<script>window.a = "ß";</script>',
      '<script type="module" async="">import "/assets/x.js";\n</script>',
      '<script src="/assets/y.js"></script>',
      '<script>window.a = "ß";</script>',
    ].join("");
    expect(inlineScriptHashes(Buffer.from(html, "utf8"))).toEqual([
      sha('window.a = "ß";'),
      sha('import "/assets/x.js";\n'),
    ]);
  });
});
