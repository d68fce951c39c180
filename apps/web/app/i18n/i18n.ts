import { valueBefore } from "@termin/domain/sentences";
import type { Language } from "@termin/domain/languages";
import type en from "./locales/en.json";

export type Catalog = typeof en;

type PluralForm = "zero" | "one" | "two" | "few" | "many" | "other";
type Leaves<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
type WithoutPluralForm<K> = K extends `${infer Base}_${PluralForm}` ? Base : K;

/** Every key of the English catalog, plural keys by their base name ("catalogue.reviewCount"). */
export type TranslationKey = WithoutPluralForm<Leaves<Catalog>>;
/** Values for {{placeholders}}; `count` also picks the plural form. */
export type TranslationValues = Readonly<Record<string, string | number>> & { readonly count?: number };
export type Translate = (key: TranslationKey, values?: TranslationValues) => string;

export interface I18n {
  language: Language;
  t: Translate;
}

type Tree = { readonly [key: string]: string | Tree | undefined };

function flatten(tree: Tree, prefix: string, into: Map<string, string>): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") into.set(`${prefix}${key}`, value);
    else if (value) flatten(value, `${prefix}${key}.`, into);
  }
  return into;
}

// A catalog is flattened once per process (server) or page (browser), not per request.
const flattened = new WeakMap<Catalog, Map<string, string>>();

/**
 * A translator for one language: looks keys up, fills {{placeholders}} and picks plural forms with the
 * language's own rules (Intl.PluralRules: ru has one/few/many/other, bg one/other...), the way the catalogs
 * are written (key_one, key_few...). Chosen over i18next, which costs 16 KB gzip of every page's JS for the
 * same three things (docs/decisions/0018-own-translator.md). Each server request makes its own.
 */
export function createI18n(language: Language, catalog: Catalog): I18n {
  let entries = flattened.get(catalog);
  if (!entries) {
    entries = flatten(catalog, "", new Map());
    flattened.set(catalog, entries);
  }
  const texts = entries;
  const plurals = new Intl.PluralRules(language);
  const t: Translate = (key, values) => {
    const template =
      values?.count === undefined
        ? texts.get(key)
        : (texts.get(`${key}_${plurals.select(values.count)}`) ?? texts.get(`${key}_other`));
    // A missing text shows its key: visible in review, never a crash.
    if (template === undefined) return key;
    if (!values) return template;
    // A value ending in an abbreviation ("11:00 p.m.") before the text's full stop makes one stop, not two.
    return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string, at: number) =>
      name in values ? valueBefore(String(values[name]), template.slice(at + placeholder.length)) : placeholder,
    );
  };
  return { language, t };
}
