import type { Language } from "@termin/domain/languages";
import type { Catalog } from "./i18n.ts";

// On the server every catalog is bundled: rendering never waits for a file.
const modules = import.meta.glob<Catalog>("./locales/*.json", { eager: true, import: "default" });

export function serverCatalog(language: Language): Catalog {
  const catalog = modules[`./locales/${language}.json`];
  if (!catalog) throw new Error(`Missing translation catalog for ${language}`);
  return catalog;
}
