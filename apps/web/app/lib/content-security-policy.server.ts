import { TURNSTILE_ORIGIN } from "../account/turnstile.ts";

/**
 * The page policy: scripts only from this origin or with this response's nonce; no plugins;
 * no framing (embedding arrives with the widget issue, for its routes only). With the bot check on,
 * Turnstile's script and challenge frame may come from Cloudflare, and nothing else is loosened.
 */
export function contentSecurityPolicy({ nonce, botCheck }: { nonce: string; botCheck: boolean }): string {
  const turnstile = botCheck ? ` ${TURNSTILE_ORIGIN}` : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${turnstile}`,
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
