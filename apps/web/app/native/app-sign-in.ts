import { SecureStorage } from "@aparajita/capacitor-secure-storage";
import * as oauth from "oauth4webapi";
import type { TokenResponse } from "../lib/session-cookie.server.ts";
import { APP_CLIENT_ID, APP_REDIRECT_URI, APP_SCOPE } from "./app-client.ts";

/**
 * The app's sign-in: OAuth 2.1's code flow with PKCE (RFC 9700, RFC 8252 "OAuth for native apps"), as the
 * first-party client `termin-app` (decision 0052). The system browser (Custom Tabs, SFSafariViewController) shows
 * the product's own sign-in and sign-up pages, with their social login and password managers; the API sends the
 * browser back to the app's scheme with a code, which only this app can spend (its PKCE verifier never left it).
 * oauth4webapi does the protocol's checks (state, `iss` of RFC 9207, the token response).
 */

/** The sign-in in progress, kept until the browser comes back (Android may stop the app meanwhile). */
const PENDING_KEY = "sign_in_pending";

interface PendingSignIn {
  state: string;
  codeVerifier: string;
  /** The app's page the client was on, where they land once signed in. */
  returnTo: string;
}

const client: oauth.Client = { client_id: APP_CLIENT_ID };

/** The API as the authorization server: its address is the product's (PUBLIC_URL), its metadata decision 0036's. */
function authorizationServer(apiOrigin: string): oauth.AuthorizationServer {
  const issuer = new URL(apiOrigin).origin;
  return {
    issuer,
    authorization_endpoint: `${issuer}/auth/authorize`,
    token_endpoint: `${issuer}/auth/token`,
    authorization_response_iss_parameter_supported: true,
  };
}

/** Plain HTTP only to this machine's API (the tests' and a developer's build); a product build is HTTPS. */
const requestOptions = (apiOrigin: string) => ({
  [oauth.allowInsecureRequests]: ["localhost", "127.0.0.1", "[::1]"].includes(new URL(apiOrigin).hostname),
});

function pendingOf(value: unknown): PendingSignIn | null {
  if (typeof value !== "object" || value === null) return null;
  const { state, codeVerifier, returnTo } = value as Record<string, unknown>;
  if (typeof state !== "string" || typeof codeVerifier !== "string" || typeof returnTo !== "string") return null;
  return { state, codeVerifier, returnTo };
}

/**
 * The address the system browser opens to sign the client in (or, with `create`, to make an account first: the
 * `prompt=create` of OpenID's "Initiating User Registration"), with a new state and PKCE verifier kept for the
 * way back.
 */
export async function appSignInAddress(apiOrigin: string, returnTo: string, create = false): Promise<string> {
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  await SecureStorage.set(PENDING_KEY, { state, codeVerifier, returnTo } satisfies PendingSignIn, false);
  const address = new URL(authorizationServer(apiOrigin).authorization_endpoint ?? "");
  address.search = new URLSearchParams({
    response_type: "code",
    client_id: APP_CLIENT_ID,
    redirect_uri: APP_REDIRECT_URI,
    scope: APP_SCOPE,
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    ...(create ? { prompt: "create" } : {}),
  }).toString();
  return address.href;
}

/** Whether an address that opened the app is the sign-in's way back (and not some other link into it). */
export const isSignInCallback = (address: string): boolean => address.split("?")[0] === APP_REDIRECT_URI;

/** How the browser's way back ended: signed in (the tokens, and where to go), or not (nothing to keep). */
export type SignInResult = { tokens: TokenResponse; returnTo: string } | { refused: string };

/**
 * The browser came back to `callback`: the code is checked against the sign-in this app started (state, issuer)
 * and exchanged with its verifier at the token endpoint. A way back the app did not start, the client's "Deny",
 * or a refused exchange end in `refused`; the started sign-in is spent either way (a code is good once).
 */
export async function finishAppSignIn(apiOrigin: string, callback: string): Promise<SignInResult> {
  const pending = pendingOf(await SecureStorage.get(PENDING_KEY, false));
  if (!pending) return { refused: "no sign-in was started on this device" };
  await SecureStorage.remove(PENDING_KEY);
  const server = authorizationServer(apiOrigin);
  try {
    const parameters = oauth.validateAuthResponse(server, client, new URL(callback), pending.state);
    const response = await oauth.authorizationCodeGrantRequest(
      server,
      client,
      oauth.None(),
      parameters,
      APP_REDIRECT_URI,
      pending.codeVerifier,
      requestOptions(apiOrigin),
    );
    const tokens = await oauth.processAuthorizationCodeResponse(server, client, response);
    if (!tokens.refresh_token || tokens.expires_in === undefined) {
      return { refused: "the token response has no refresh token or lifetime" };
    }
    return {
      tokens: {
        token_type: tokens.token_type,
        access_token: tokens.access_token,
        refresh_token: tokens.refresh_token,
        expires_in: tokens.expires_in,
      },
      returnTo: pending.returnTo,
    };
  } catch (error) {
    return { refused: error instanceof Error ? error.message : String(error) };
  }
}
