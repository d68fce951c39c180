import { createContext, useContext, type ReactNode } from "react";
import type { I18n } from "./i18n.ts";

const TranslationContext = createContext<I18n | null>(null);

/** Provides one translator to the tree: made once per request on the server, once per page in the browser. */
export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <TranslationContext value={i18n}>{children}</TranslationContext>;
}

export function useTranslation(): I18n {
  const value = useContext(TranslationContext);
  if (!value) throw new Error("useTranslation needs an <I18nProvider> above it");
  return value;
}
