import type { StoredSession, TokenResponse } from "./session-cookie.server.ts";

/** What a sign-in keeps of the API's token response: the web in its session cookie, the app in secure storage. */
export function sessionFromTokens(tokens: TokenResponse, now = Date.now()): StoredSession {
  return {
    tokenType: tokens.token_type,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    expiresAt: now + tokens.expires_in * 1000,
  };
}
