import { createHash } from "node:crypto";
import type { Site } from "@termin/contracts/site";
import { TURNSTILE_ORIGIN } from "../account/turnstile.ts";

/** Inline scripts: no `src` attribute. React escapes "</script" inside what it writes, so the first end tag ends one. */
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/**
 * The CSP source of each inline script of a page: 'sha256-…' of its UTF-8 bytes, as the browser hashes it. The
 * page is searched as latin1, one character per byte: the tags are ASCII, each script's bytes come back unchanged,
 * and a page is not decoded as UTF-8 only to be hashed (that decode was 5% of a rendered page's CPU).
 */
export function inlineScriptHashes(html: Buffer): string[] {
  const hashes = [...html.toString("latin1").matchAll(INLINE_SCRIPT)].map(
    ([, bytes = ""]) => `'sha256-${createHash("sha256").update(bytes, "latin1").digest("base64")}'`,
  );
  return [...new Set(hashes)];
}

/**
 * Who may frame a page: an embed's pages the origins its business allows (kept with its domains, decision 0047);
 * every other page nobody.
 */
export function framingOrigins(site: Site): string[] {
  return site.mode === "embed" && site.embedOrigins.length > 0 ? site.embedOrigins : [];
}

/**
 * The page policy: scripts only from this origin or inline ones whose hash the page lists (the same page may go
 * to many visitors, so no nonce); no plugins; framed only by `frameAncestors` (none by default). With the bot
 * check on, Turnstile's script and challenge frame may come from Cloudflare, and nothing else is loosened.
 */
export function contentSecurityPolicy({
  scriptHashes,
  botCheck,
  frameAncestors = [],
  errorReportingOrigin,
}: {
  scriptHashes: string[];
  botCheck: boolean;
  frameAncestors?: string[];
  /** Where the browser sends error reports (the DSN's origin), when error reporting is on. */
  errorReportingOrigin?: string | undefined;
}): string {
  const sources = ["'self'", ...scriptHashes, ...(botCheck ? [TURNSTILE_ORIGIN] : [])];
  return [
    "default-src 'self'",
    `script-src ${sources.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${errorReportingOrigin ? ` ${errorReportingOrigin}` : ""}`,
    ...(botCheck ? [`frame-src ${TURNSTILE_ORIGIN}`] : []),
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors.length > 0 ? frameAncestors.join(" ") : "'none'"}`,
  ].join("; ");
}
