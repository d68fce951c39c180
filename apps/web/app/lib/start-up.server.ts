import { ApiError, type ApiClient, type Credentials } from "../api/client.ts";
import { isServiceUnavailable } from "../api/unavailable.server.ts";
import {
  clearSessionHeader,
  credentialsOf,
  readSession,
  sessionFromTokens,
  setSessionHeader,
  type StoredSession,
  type TokenResponse,
} from "./session-cookie.server.ts";
import { loadViewer, PROFILE_ERROR_MESSAGE } from "./viewer-profile.ts";

export { PROFILE_ERROR_MESSAGE };

/** The signed-in client as the shell shows them (side menu header, badges). */
export interface Viewer {
  id: string;
  displayName: string;
  firstName: string;
  email: string;
  avatarUrl: string | null;
  language: string;
}

export interface StartUpResult {
  /** Spec section 4: true only when authenticated and the profile loaded. */
  loaded: boolean;
  viewer: Viewer | null;
  credentials: Credentials | null;
  /** A Set-Cookie header when the session was renewed or cleared. */
  setCookie: string | null;
}

/** Renew the access token this long before it expires, so a page's API calls never race its expiry. */
const RENEW_MARGIN_MS = 60_000;

/**
 * The start-up flow of spec section 4: credentials loading, then (if authenticated) profile loading, then
 * loaded. Any failure clears the credentials, logs 'Error loading profile.' and continues unauthenticated; but an
 * API that is briefly unavailable (503) is not the sign-in's failure: the page answers 503 and the session stays.
 * `api(credentials)` is the API client to use; `now` is for tests.
 */
export async function startUp(options: {
  request: Request;
  api: (credentials?: Credentials) => ApiClient;
  now?: number;
  log?: (message: string, error: unknown) => void;
}): Promise<StartUpResult> {
  const { request, api } = options;
  const now = options.now ?? Date.now();
  const log = options.log ?? ((message, error) => console.error(message, error));
  const unauthenticated: StartUpResult = { loaded: false, viewer: null, credentials: null, setCookie: null };

  // Credentials loading.
  let session: StoredSession | undefined = readSession(request);
  if (!session) return unauthenticated;
  let setCookie: string | null = null;
  try {
    if (session.expiresAt - RENEW_MARGIN_MS <= now) {
      const tokens = await api().post<TokenResponse>("/auth/token", {
        grant_type: "refresh_token",
        refresh_token: session.refreshToken,
      });
      session = sessionFromTokens(tokens, now);
      setCookie = setSessionHeader(request, session);
    }
    // Profile loading.
    const credentials = credentialsOf(session);
    return { loaded: true, viewer: await loadViewer(api(credentials)), credentials, setCookie };
  } catch (error) {
    // The API is briefly away: the sign-in is not at fault, so it is kept and the page says to come back.
    if (isServiceUnavailable(error)) throw error;
    // An expired or revoked sign-in is not worth a stack trace; anything else is.
    log(PROFILE_ERROR_MESSAGE, error instanceof ApiError && error.status === 401 ? error.message : error);
    return { ...unauthenticated, setCookie: clearSessionHeader(request) };
  }
}
