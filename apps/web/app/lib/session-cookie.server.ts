import { parseCookie, stringifySetCookie } from "cookie";
import { z } from "zod";
import { COOKIE } from "@termin/contracts/cookies";
import type { Credentials } from "../api/client.ts";

// The web session (COOKIE.session): the API's OAuth tokens in one httpOnly cookie. Page JavaScript never sees them;
// the web server forwards the access token to the API as a bearer credential (native apps use bearer tokens only).

/** The refresh token's lifetime: the cookie lives as long as the sign-in can be renewed. */
const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export interface TokenResponse {
  token_type: string;
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

const storedSession = z.object({
  tokenType: z.string().min(1),
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
  /** When the access token expires, epoch milliseconds. */
  expiresAt: z.number(),
});
export type StoredSession = z.infer<typeof storedSession>;

export function readSession(request: Request): StoredSession | undefined {
  const value = parseCookie(request.headers.get("cookie") ?? "")[COOKIE.session];
  if (!value) return undefined;
  try {
    const parsed = storedSession.safeParse(JSON.parse(Buffer.from(value, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function credentialsOf(session: StoredSession): Credentials {
  return { token_type: session.tokenType, access_token: session.accessToken };
}

// Also the native app's (it keeps the same value in secure storage), so it lives in a module the app may load.
export { sessionFromTokens } from "./session-tokens.ts";

function cookieOptions(request: Request) {
  return {
    path: "/",
    sameSite: "lax" as const,
    httpOnly: true,
    secure: new URL(request.url).protocol === "https:",
  };
}

export function setSessionHeader(request: Request, session: StoredSession): string {
  const value = Buffer.from(JSON.stringify(session), "utf8").toString("base64url");
  return stringifySetCookie({
    name: COOKIE.session,
    value,
    maxAge: SESSION_MAX_AGE_SECONDS,
    ...cookieOptions(request),
  });
}

export function clearSessionHeader(request: Request): string {
  return stringifySetCookie({ name: COOKIE.session, value: "", maxAge: 0, ...cookieOptions(request) });
}
