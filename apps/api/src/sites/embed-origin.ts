/**
 * Whether `origin` (as a browser sends it: `scheme://host[:port]`) is one an allowed embed origin names: the same
 * origin, or for a pattern ending in `:*` (`http://localhost:*`, for sites developed locally) the same scheme and
 * host on any port. Kept in embed_origins (decision 0047); the same patterns are CSP frame-ancestors sources.
 */
export function matchesEmbedOrigin(pattern: string, origin: string): boolean {
  if (pattern === origin) return true;
  if (!pattern.endsWith(":*")) return false;
  const base = pattern.slice(0, -2);
  return origin === base || (origin.startsWith(`${base}:`) && /^\d{1,5}$/.test(origin.slice(base.length + 1)));
}
