import i18next, { type i18n } from "i18next";
import type { Language } from "@termin/domain/languages";
import type en from "./locales/en.json";

export type Catalog = typeof en;

declare module "i18next" {
  interface CustomTypeOptions {
    resources: { translation: Catalog };
    returnNull: false;
  }
}

/**
 * A new i18next instance for one language. The server makes one per request, so two
 * concurrent renders in different languages never share state; the browser makes one.
 */
export function createI18n(language: Language, catalog: Catalog): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { translation: catalog } },
    interpolation: { escapeValue: false }, // React escapes.
    initAsync: false,
  });
  return instance;
}
