import * as oidc from "openid-client";

/**
 * What a browser does between "Continue with Google" and the callback, done with fetch against the local
 * test provider (test/oidc-test-provider.ts): start the authorization request the way the web server does
 * (PKCE S256, state, nonce, prompt=select_account), follow the redirects keeping cookies by hand, submit the
 * provider's login form, and stop at the redirect back to the app.
 */
export interface AuthorizationRequest {
  url: URL;
  redirectUri: string;
  codeVerifier: string;
  state: string;
  nonce: string;
}

export async function createAuthorizationRequest(options: {
  issuer: string;
  clientId: string;
  redirectUri: string;
  /** The nonce a native app gave its platform's Google sign-in; a new one otherwise. */
  nonce?: string;
}): Promise<AuthorizationRequest> {
  const configuration = await oidc.discovery(new URL(options.issuer), options.clientId, undefined, undefined, {
    execute: [oidc.allowInsecureRequests],
  });
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = options.nonce ?? oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: options.redirectUri,
    scope: "openid email profile",
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
    prompt: "select_account",
  });
  return { url, redirectUri: options.redirectUri, codeVerifier, state, nonce };
}

/** A user agent's cookies for one site, enough for the provider's session and interaction cookies. */
export class CookieJar {
  readonly #cookies = new Map<string, string>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = ""] = header.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(header)) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

export interface ProviderVisit {
  /** The login page's heading, or undefined when the provider went straight back (no form shown). */
  heading: string | undefined;
  /** Where the provider finally sends the browser: the redirect_uri with code (or error), state and iss. */
  callback: URL;
}

/**
 * Opens the authorization URL and, when the provider shows its login form, answers it: "continue" as the
 * account with `email`, or "cancel".
 */
export async function visitProvider(
  request: AuthorizationRequest,
  answer: { email: string; action?: "continue" | "cancel" },
  jar = new CookieJar(),
): Promise<ProviderVisit> {
  let heading: string | undefined;
  let next: { url: URL; init?: RequestInit } = { url: request.url };
  for (let hops = 0; hops < 10; hops++) {
    const response = await fetch(next.url, {
      ...next.init,
      redirect: "manual",
      headers: { ...(next.init?.headers as Record<string, string>), cookie: jar.header() },
    });
    jar.store(response);
    const location = response.headers.get("location");
    if (location) {
      const target = new URL(location, next.url);
      if (target.href.startsWith(request.redirectUri)) return { heading, callback: target };
      next = { url: target };
      continue;
    }
    const html = await response.text();
    if (response.status !== 200) throw new Error(`The provider answered ${response.status}: ${html}`);
    heading = /<h1>([^<]*)<\/h1>/.exec(html)?.[1];
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`No login form on ${next.url.href}`);
    const body = new URLSearchParams({ email: answer.email, action: answer.action ?? "continue" });
    next = {
      url: new URL(action, next.url),
      init: { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded" } },
    };
  }
  throw new Error("Too many redirects at the provider");
}

/**
 * What a phone's Google sign-in (Android's Credential Manager, Google's iOS SDK) hands the app: the provider's ID
 * token for the server's client, carrying the nonce of `request`. The SDK's native side runs the provider's flow;
 * here the code `visit` ended with is spent at the provider's token endpoint with the client's secret.
 */
export async function providerIdToken(
  issuer: string,
  client: { clientId: string; clientSecret: string },
  request: AuthorizationRequest,
  visit: ProviderVisit,
): Promise<string> {
  const configuration = await oidc.discovery(new URL(issuer), client.clientId, client.clientSecret, undefined, {
    execute: [oidc.allowInsecureRequests],
  });
  const tokens = await oidc.authorizationCodeGrant(configuration, visit.callback, {
    pkceCodeVerifier: request.codeVerifier,
    expectedNonce: request.nonce,
    expectedState: request.state,
    idTokenExpected: true,
  });
  if (!tokens.id_token) throw new Error("The provider answered no ID token");
  return tokens.id_token;
}
