import type { Language } from "@termin/domain/languages";

/** Whether the browser's own Intl formats `language` (Chrome's ICU has no Macedonian, for one). */
export function supportsIntlNatively(language: Language): boolean {
  const locales = [language];
  return [
    Intl.PluralRules.supportedLocalesOf(locales),
    Intl.NumberFormat.supportedLocalesOf(locales),
    Intl.DateTimeFormat.supportedLocalesOf(locales),
  ].every((supported) => supported.length > 0);
}

/**
 * Makes the browser's Intl able to format `language` before the page hydrates. The polyfills are a chunk of
 * their own, fetched only by a browser that lacks the language: everyone else downloads nothing more.
 */
export async function ensureIntl(language: Language): Promise<void> {
  if (supportsIntlNatively(language)) return;
  const { polyfillIntl } = await import("./intl-polyfill.ts");
  await polyfillIntl(language);
}
