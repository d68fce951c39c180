import type { Params } from "react-router";
import { isSupportedLanguage, type Language } from "@termin/domain/languages";
import { createApiClient, type ApiClient, type Credentials } from "../api/client.ts";
import { keptBasket, serializeBasket } from "../booking/basket.ts";
import { createI18n, type Catalog } from "../i18n/i18n.ts";
import type { PublicConfig } from "../lib/config.server.ts";
import type { TokenResponse } from "../lib/session-cookie.server.ts";
import type { Viewer } from "../lib/start-up.server.ts";
import type { TrackingRecord } from "../lib/tracking.ts";
import { signInRedirect, type PageEnv } from "./page-env.ts";

/** Who is signed in to the app: the token response it keeps (secure storage) and the profile it loaded. */
export interface AppSession {
  credentials: Credentials;
  viewer: Viewer;
}

/**
 * What the native app keeps in the browser and hands to page data: one app, one person, so one value for the
 * process (never the case on the server, where this module is not used). The app's start-up provides it.
 */
export interface ClientRuntime {
  /** The configuration baked into the app's build. */
  config: PublicConfig;
  /** The API's origin: the product's public address in the native app ("" for the page's own origin). */
  apiOrigin: string;
  /** The signed-in client's session, renewed when due, or null for a visitor. */
  session(): Promise<AppSession | null>;
  /** Keeps a new sign-in (the code flow's token response); the next page loads as that client's. */
  keepSession(tokens: TokenResponse): Promise<void>;
  /** Signs out: the API revokes the sign-in, the app forgets it. */
  endSession(): Promise<void>;
  /** The language the client chose in the app, else the device's best supported one; null for the default. */
  preferredLanguage(): Language | null;
  /** Keeps the client's choice of language (settings): the app's next document starts in it. */
  keepLanguage(language: Language): Promise<void>;
  /** A language's translation catalog (kept once fetched). */
  catalog(language: Language): Promise<Catalog>;
  /**
   * The basket's text (`serializeBasket`, "" for none) as the app keeps it (Preferences; the web keeps it in a
   * cookie): read at start-up, so pages read it at once; written through.
   */
  basket: { kept(): string; keep(value: string): Promise<void> };
  /** The client's answer to the cookie notice, kept by the app (the web keeps it in a cookie). */
  cookieConsent: { accepted(): boolean; accept(): Promise<void> };
  /** Where the client came from, sent with API requests (the app-tracking header). */
  tracking?(): TrackingRecord | undefined;
  fetch?: typeof fetch;
}

let runtime: ClientRuntime | null = null;
/** The "form sent" thanks a client action left for the next load (the web's short-lived cookie). */
let sentFlash: string | null = null;

/** Set by the native app's start-up before the first page loads; null again when it stops (tests). */
export function provideClientRuntime(next: ClientRuntime | null): void {
  runtime = next;
  sentFlash = null;
}

/** The runtime the start-up provided, for what only the app keeps (the root's data, the cookie notice). */
export function clientRuntime(): ClientRuntime {
  if (!runtime) throw new Error("No client runtime: the native app's start-up must provide it first");
  return runtime;
}

/** What a client loader or action is given (any route's `Route.ClientLoaderArgs`). */
export interface ClientPageArgs<P extends Params> {
  request: Request;
  params: P;
  url: URL;
}

/**
 * The page data's environment in the native app: the API over HTTPS at the product's address, the token the app
 * keeps instead of the session cookie, the language the app chose, the catalog it fetched.
 */
export async function clientPageEnv<P extends Params>({
  request,
  params,
  url,
}: ClientPageArgs<P>): Promise<PageEnv<P>> {
  const runtime = clientRuntime();
  const { config, apiOrigin } = runtime;
  const urlLanguage = params["lang"];
  const language = isSupportedLanguage(urlLanguage)
    ? urlLanguage
    : (runtime.preferredLanguage() ?? config.defaultLanguage);
  const [session, catalog] = await Promise.all([runtime.session(), runtime.catalog(language)]);
  const tracking = runtime.tracking?.();
  const apiFor = (credentials?: Credentials): ApiClient =>
    createApiClient({
      baseUrl: apiOrigin,
      language,
      app: { name: config.appName, version: config.appVersion, build: config.appBuild },
      tracking,
      currentPage: url.pathname,
      credentials,
      signal: request.signal,
      ...(runtime.fetch ? { fetch: runtime.fetch } : {}),
    });
  const site = { mode: "marketplace", origin: new URL(config.publicUrl).origin } as const;
  return {
    url,
    params,
    language,
    api: apiFor(),
    viewerApi: session ? apiFor(session.credentials) : null,
    requireViewer: () => {
      if (!session) throw signInRedirect(site, language, url);
      return { viewer: session.viewer, api: apiFor(session.credentials) };
    },
    t: createI18n(language, catalog).t,
    config,
    site,
    basket: keptBasket(
      () => runtime.basket.kept(),
      async (basket) => {
        await runtime.basket.keep(serializeBasket(basket));
        return {};
      },
    ),
    sentFlash: {
      leave: (value) => {
        sentFlash = value;
        return {};
      },
      take: () => {
        const value = sentFlash;
        sentFlash = null;
        return { value, headers: {} };
      },
    },
    keepLanguage: async (chosen) => {
      await runtime.keepLanguage(chosen);
      return {};
    },
    forgetSignIn: async () => {
      await runtime.endSession();
      return {};
    },
    // The app signs in as an OAuth client (termin-app), without the `account` scope.
    managesAccount: false,
  };
}
