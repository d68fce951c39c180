import { createHash } from "node:crypto";
import { TURNSTILE_ORIGIN } from "../account/turnstile.ts";

/** Inline scripts: no `src` attribute. React escapes "</script" inside what it writes, so the first end tag ends one. */
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** The CSP source of each inline script of a page: 'sha256-…' of its text as the browser reads it (UTF-8). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = [...html.matchAll(INLINE_SCRIPT)].map(
    ([, text = ""]) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`,
  );
  return [...new Set(hashes)];
}

/**
 * The page policy: scripts only from this origin or inline ones whose hash the page lists (the same page may go
 * to many visitors, so no nonce); no plugins; no framing (embedding arrives with the widget issue, for its routes
 * only). With the bot check on, Turnstile's script and challenge frame may come from Cloudflare, and nothing
 * else is loosened.
 */
export function contentSecurityPolicy({
  scriptHashes,
  botCheck,
}: {
  scriptHashes: string[];
  botCheck: boolean;
}): string {
  const sources = ["'self'", ...scriptHashes, ...(botCheck ? [TURNSTILE_ORIGIN] : [])];
  return [
    "default-src 'self'",
    `script-src ${sources.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    ...(botCheck ? [`frame-src ${TURNSTILE_ORIGIN}`] : []),
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
