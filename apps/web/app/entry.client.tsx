import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nProvider } from "./i18n/i18n-context.tsx";
import { HydratedRouter } from "react-router/dom";
import { isSupportedLanguage } from "@termin/domain/languages";
import { createI18n } from "./i18n/i18n.ts";
import { ensureIntl } from "./i18n/intl-support.ts";
import { loadCatalog } from "./i18n/load-catalog.ts";
import { REFERENCE_ATTRIBUTE, RequestReferenceContext } from "./lib/request-reference.ts";
import { PAGE_STYLES_ID, PageStylesContext } from "./styles/PageStyles.tsx";

/**
 * Loads the page language's catalog (its own file) and, where the browser lacks the language, Intl polyfills
 * (plural forms and every formatted price or date must match the server's), then hydrates the page.
 */
async function bootstrap() {
  const lang = document.documentElement.lang;
  const language = isSupportedLanguage(lang) ? lang : "en";
  const [catalog] = await Promise.all([loadCatalog(language), ensureIntl(language)]);
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
