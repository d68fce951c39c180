import { SecureStorage } from "@aparajita/capacitor-secure-storage";
import { ApiError, type ApiClient, type Credentials } from "../api/client.ts";
import type { StoredSession, TokenResponse } from "../lib/session-cookie.server.ts";
import { sessionFromTokens } from "../lib/session-tokens.ts";
import { APP_CLIENT_ID } from "./app-client.ts";
import { loadViewer, PROFILE_ERROR_MESSAGE } from "../lib/viewer-profile.ts";
import type { AppSession } from "../page-data/client-env.ts";

/**
 * Where the app keeps its sign-in (decision 0052): the API's token response, in the device's secure storage
 * (Keystore / Keychain), as the web keeps it in its session cookie: `{tokenType, accessToken, refreshToken,
 * expiresAt}` (epoch milliseconds). The code-flow sign-in (app-sign-in.ts) writes it; the start-up reads it.
 */
export const APP_SESSION_KEY = "session";

/** Renewed this long before it expires, as the web's start-up does, so a page's API calls never race the expiry. */
const RENEW_MARGIN_MS = 60_000;

/** The kept sign-in, or null when there is none or it is not one (never trusted beyond its four fields). */
function storedSessionOf(value: unknown): StoredSession | null {
  if (typeof value !== "object" || value === null) return null;
  const { tokenType, accessToken, refreshToken, expiresAt } = value as Record<string, unknown>;
  const text = (field: unknown): field is string => typeof field === "string" && field !== "";
  if (!text(tokenType) || !text(accessToken) || !text(refreshToken) || typeof expiresAt !== "number") return null;
  return { tokenType, accessToken, refreshToken, expiresAt };
}

interface Kept {
  session: AppSession;
  expiresAt: number;
}

/** The app's sign-in on this device: the current session, a new one kept, the one there ended. */
export interface KeptAppSession {
  /** The client runtime's `session()`: the signed-in client, renewed when due, or null for a visitor. */
  current(): Promise<AppSession | null>;
  /** A new sign-in's token response (the code flow's): kept in secure storage; the next page loads its profile. */
  keep(tokens: TokenResponse): Promise<void>;
  /**
   * Signs out on this device: the API revokes the sign-in (both tokens), and the storage forgets it whatever the
   * API answered, so no one else on the device goes on as this client.
   */
  end(): Promise<void>;
}

/**
 * The app's start-up flow (spec section 4, the web's `startUp` without the cookie) as the client runtime's
 * `session()`: the kept sign-in, renewed with its refresh token when due, then the client's profile. The answer is
 * kept for the process and renewed once (for every caller) when due. A sign-in the API refuses (a renewal or
 * profile answered 400/401) is forgotten and the app goes on as a visitor's; an API out of reach leaves it kept and
 * the page a visitor's, asked again on the next page.
 */
export function keptAppSession(
  api: (credentials?: Credentials) => ApiClient,
  now: () => number = Date.now,
): KeptAppSession {
  const load = async (): Promise<Kept | null> => {
    let stored = storedSessionOf(await SecureStorage.get(APP_SESSION_KEY, false));
    if (!stored) return null;
    try {
      if (stored.expiresAt - RENEW_MARGIN_MS <= now()) {
        // A refresh token renews only for the client it was given to (decision 0036): the app's own.
        const tokens = await api().post<TokenResponse>("/auth/token", {
          grant_type: "refresh_token",
          refresh_token: stored.refreshToken,
          client_id: APP_CLIENT_ID,
        });
        stored = sessionFromTokens(tokens, now());
        await SecureStorage.set(APP_SESSION_KEY, stored, false);
      }
      const credentials: Credentials = { token_type: stored.tokenType, access_token: stored.accessToken };
      return { session: { credentials, viewer: await loadViewer(api(credentials)) }, expiresAt: stored.expiresAt };
    } catch (error) {
      if (error instanceof ApiError && (error.status === 400 || error.status === 401)) {
        console.error(PROFILE_ERROR_MESSAGE, error.message);
        await SecureStorage.remove(APP_SESSION_KEY);
        return null;
      }
      throw error;
    }
  };

  let current: Promise<Kept | null> | null = null;
  const start = (): Promise<Kept | null> => {
    const pending: Promise<Kept | null> = load().catch((error: unknown) => {
      console.error(PROFILE_ERROR_MESSAGE, error);
      // Out of reach, not refused: asked again by the next page.
      if (current === pending) current = null;
      return null;
    });
    current = pending;
    return pending;
  };

  return {
    async current() {
      const asked = current ?? start();
      const kept = await asked;
      if (!kept || kept.expiresAt - RENEW_MARGIN_MS > now()) return kept?.session ?? null;
      // Due: the first to notice renews it, the others wait for that one renewal (a refresh token is used once).
      const renewed = current === asked ? start() : (current ?? start());
      return (await renewed)?.session ?? null;
    },
    async keep(tokens) {
      await SecureStorage.set(APP_SESSION_KEY, sessionFromTokens(tokens, now()), false);
      current = null;
    },
    async end() {
      const stored = storedSessionOf(await SecureStorage.get(APP_SESSION_KEY, false));
      current = null;
      await SecureStorage.remove(APP_SESSION_KEY);
      if (!stored) return;
      await api()
        .post("/auth/revoke", { token: stored.refreshToken })
        .catch((error: unknown) => console.error("Sign-out: revoking the tokens failed", error));
    },
  };
}
