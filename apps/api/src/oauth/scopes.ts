import { OAUTH_SCOPES, type OAuthScope } from "@termin/contracts/oauth";

/**
 * What an OAuth client may be allowed to do (decision 0036). Kept small: `profile` is the client's account and
 * what businesses sent them (profile, notifications, forms, saved places, likes); `appointments` is booking,
 * holds and the client's appointments. Every signed-in route asks for one of them; the web app's own sign-ins
 * (password grant without client_id, social login) hold both.
 */
export { OAUTH_SCOPES, type OAuthScope };

export const SCOPE_DESCRIPTIONS: Record<OAuthScope, string> = {
  profile: "Read and change the client's profile, notifications, forms, saved places and liked pictures.",
  appointments: "See free times, book, move and cancel the client's appointments.",
};

export const isOAuthScope = (value: string): value is OAuthScope => (OAUTH_SCOPES as readonly string[]).includes(value);

/** A space-separated scope (RFC 6749 section 3.3) as a sorted set of names, no repeats. */
export function scopeList(scope: string): string[] {
  return [...new Set(scope.split(" ").filter(Boolean))].sort();
}

/**
 * The scopes an authorize request asks for: its `scope`, or all the client may have when it sends none
 * (RFC 6749 section 3.3 lets the server choose a default). Undefined when a name is unknown or not allowed.
 */
export function requestedScopes(scope: string | undefined, allowed: readonly string[]): OAuthScope[] | undefined {
  const names = scope === undefined || scope.trim() === "" ? [...allowed] : scopeList(scope);
  if (!names.every((name) => isOAuthScope(name) && allowed.includes(name))) return undefined;
  return scopeList(names.join(" ")) as OAuthScope[];
}
