import type { Language } from "@termin/domain/languages";
import type { Catalog } from "./i18n.ts";

// Each language is its own file, fetched only when that language is used (spec section 7).
const catalogUrls = import.meta.glob<string>("./locales/*.json", { query: "?url", import: "default", eager: true });

export function catalogUrl(language: Language): string {
  const url = catalogUrls[`./locales/${language}.json`];
  if (!url) throw new Error(`No translation catalog for ${language}`);
  return url;
}

async function fetchJson(url: string, fetchImpl: typeof fetch): Promise<Catalog> {
  const response = await fetchImpl(url);
  if (!response.ok) throw new Error(`Translation catalog ${url} answered ${response.status}`);
  return (await response.json()) as Catalog;
}

/** Loads a language's catalog; a failed load is retried once (spec section 7). */
export async function loadCatalog(language: Language, fetchImpl: typeof fetch = fetch): Promise<Catalog> {
  const url = catalogUrl(language);
  try {
    return await fetchJson(url, fetchImpl);
  } catch {
    return fetchJson(url, fetchImpl);
  }
}
