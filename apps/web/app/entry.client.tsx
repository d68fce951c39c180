import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nProvider } from "./i18n/i18n-context.tsx";
import { HydratedRouter } from "react-router/dom";
import { isSupportedLanguage, type Language } from "@termin/domain/languages";
import { createI18n, type Catalog } from "./i18n/i18n.ts";
import { ensureIntl } from "./i18n/intl-support.ts";
import { loadCatalog } from "./i18n/load-catalog.ts";
import { forgetOfflineDiscoveryReload } from "./pwa/offline-discovery-reload.ts";
import { REFERENCE_ATTRIBUTE, RequestReferenceContext } from "./lib/request-reference.ts";
import { PAGE_STYLES_ID, PageStylesContext } from "./styles/PageStyles.tsx";

/**
 * Resolves in a task of its own: the browser may paint and answer input before what follows runs. A message
 * rather than a timer: a timer may be throttled or faked, and the page must hydrate whatever the clock does.
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/**
 * The page's language and its catalog: on the web the server's page names it; the native app's start-up chooses
 * it (and provides what its pages' data reads). A build constant: the web's bundle has no native start-up at all.
 */
async function pageTranslations(): Promise<{ language: Language; catalog: Catalog }> {
  if (import.meta.env.TERMIN_BUILD_TARGET === "native") {
    const { startNativeApp } = await import("./native/start-up.ts");
    const started = await startNativeApp(new URL(window.location.href));
    await ensureIntl(started.language);
    return started;
  }
  const lang = document.documentElement.lang;
  const language = isSupportedLanguage(lang) ? lang : "en";
  // ICU starts up at the first number format (30-65 ms in Chromium on this project's 2-core host, four times
  // that on Lighthouse's phone): in a task of its own rather than in the one that evaluates the page's modules,
  // two shorter blocks of the main thread instead of one long one.
  const [catalog] = await Promise.all([loadCatalog(language), nextTask().then(() => ensureIntl(language))]);
  return { language, catalog };
}

/** Before the router starts: a document navigation the worker caused offline is no version change (see there). */
function forgetOfflineReload() {
  const manifest = (window as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest;
  try {
    forgetOfflineDiscoveryReload(sessionStorage, {
      version: manifest?.version,
      controlledByWorker: Boolean(navigator.serviceWorker?.controller),
    });
  } catch {
    // Storage refused (a privacy setting): React Router cannot have marked anything either.
  }
}

/**
 * Loads the page language's catalog (its own file) and, where the browser lacks the language, Intl polyfills
 * (plural forms and every formatted price or date must match the server's), then hydrates the page.
 */
async function bootstrap() {
  if (import.meta.env.TERMIN_BUILD_TARGET !== "native") forgetOfflineReload();
  const { language, catalog } = await pageTranslations();
  const i18n = createI18n(language, catalog);
  // The reference the server showed on a failed page, so hydration shows the same.
  const reference = document.querySelector(`[${REFERENCE_ATTRIBUTE}]`)?.getAttribute(REFERENCE_ATTRIBUTE) ?? null;
  // The styles the server wrote into the head, given back unchanged so hydration keeps them.
  const pageStyles = document.getElementById(PAGE_STYLES_ID)?.textContent ?? "";
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <RequestReferenceContext value={reference}>
            <PageStylesContext value={pageStyles}>
              <HydratedRouter />
            </PageStylesContext>
          </RequestReferenceContext>
        </I18nProvider>
      </StrictMode>,
    );
  });
}

// Bootstrap errors are written to the console (spec section 8); the server-rendered page stays usable.
bootstrap().catch((error: unknown) => console.error("Bootstrap failed", error));
