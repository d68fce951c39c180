import { Preferences } from "@capacitor/preferences";
import { isSupportedLanguage, matchAcceptLanguage, type Language } from "@termin/domain/languages";
import { createApiClient, type Credentials } from "../api/client.ts";
import type { Catalog } from "../i18n/i18n.ts";
import { loadCatalog } from "../i18n/load-catalog.ts";
import type { PublicConfig } from "../lib/config.server.ts";
import { provideClientRuntime } from "../page-data/client-env.ts";
import { keptAppSession } from "./app-session.ts";

/** Where the app keeps the client's choices (Capacitor Preferences: the platform's key-value store). */
export const LANGUAGE_PREFERENCE = "language";
/** The basket (the web's cookie value: `serializeBasket`), so it outlives the app's process as the cookie does. */
export const BASKET_PREFERENCE = "basket";
/** The cookie notice's answer, under the name the spec gives it. */
export const COOKIE_CONSENT_PREFERENCE = "cookie_consent_accepted";

/** The public configuration baked into this build (vite.config.ts): the app has no server to ask. */
function bakedConfig(): PublicConfig {
  const config = import.meta.env.TERMIN_NATIVE_CONFIG;
  if (!config) throw new Error("This bundle was not built for the native app (TERMIN_BUILD_TARGET=native)");
  return config;
}

const pageLanguage = (prefix: string | undefined, otherwise: Language): Language =>
  isSupportedLanguage(prefix) ? prefix : otherwise;

/** A language's catalog, fetched once from the app's own files; a failed fetch is asked again next time. */
function catalogs(): (language: Language) => Promise<Catalog> {
  const loaded = new Map<Language, Promise<Catalog>>();
  return (language) => {
    let catalog = loaded.get(language);
    if (!catalog) {
      catalog = loadCatalog(language);
      catalog.catch(() => loaded.delete(language));
      loaded.set(language, catalog);
    }
    return catalog;
  };
}

/**
 * The native app's start-up, before its first page loads (decision 0052): the client runtime its pages' data reads
 * (the configuration of its build, the API at PUBLIC_URL, the language the client chose, the catalogs), and the
 * language of that first page. A `?language=xx` address is the language menu's choice (a document load, as on the
 * web): it is stored. The session is the sign-in the app keeps in secure storage (app-session.ts), loaded when a
 * page first asks; the code flow (app-sign-in.ts) writes it.
 */
export async function startNativeApp(address: URL): Promise<{ language: Language; catalog: Catalog }> {
  const config = bakedConfig();
  const requested = address.searchParams.get("language");
  if (isSupportedLanguage(requested)) await Preferences.set({ key: LANGUAGE_PREFERENCE, value: requested });
  const { value: stored } = await Preferences.get({ key: LANGUAGE_PREFERENCE });
  let chosen = isSupportedLanguage(stored) ? stored : null;
  const device = matchAcceptLanguage(navigator.languages.join(",")) ?? null;
  const catalog = catalogs();
  const session = keptAppSession((credentials?: Credentials) =>
    createApiClient({
      baseUrl: config.publicUrl,
      language: chosen ?? device ?? config.defaultLanguage,
      app: { name: config.appName, version: config.appVersion, build: config.appBuild },
      credentials,
    }),
  );
  let cookieConsent = (await Preferences.get({ key: COOKIE_CONSENT_PREFERENCE })).value === "true";
  let basket = (await Preferences.get({ key: BASKET_PREFERENCE })).value ?? "";
  provideClientRuntime({
    config,
    // The API answers at the product's address; it allows the app's web view origin (CORS, NATIVE_APP_ORIGINS).
    apiOrigin: config.publicUrl,
    session: session.current,
    keepSession: session.keep,
    endSession: session.end,
    preferredLanguage: () => chosen ?? device,
    // Read by the next start-up: the settings page then reloads the app in it, as the language menu does.
    keepLanguage: async (language) => {
      await Preferences.set({ key: LANGUAGE_PREFERENCE, value: language });
      chosen = language;
    },
    catalog,
    basket: {
      kept: () => basket,
      keep: async (value) => {
        // An empty basket is no value, as the web's cookie is then removed.
        if (value) await Preferences.set({ key: BASKET_PREFERENCE, value });
        else await Preferences.remove({ key: BASKET_PREFERENCE });
        basket = value;
      },
    },
    cookieConsent: {
      accepted: () => cookieConsent,
      accept: async () => {
        await Preferences.set({ key: COOKIE_CONSENT_PREFERENCE, value: "true" });
        cookieConsent = true;
      },
    },
  });
  const [, prefix] = address.pathname.split("/");
  // The document keeps one language (its translator is made once): the root's loader then goes to the page in it.
  const language =
    chosen && requested === chosen ? chosen : pageLanguage(prefix, chosen ?? device ?? config.defaultLanguage);
  return { language, catalog: await catalog(language) };
}
