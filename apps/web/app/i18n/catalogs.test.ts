import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SUPPORTED_LANGUAGES } from "@termin/domain/languages";
import { BOOKING_NOTICE_TEXTS } from "@termin/api/booking/notices/booking-notice-texts";
import { ACCOUNT_MAIL_TEXTS } from "@termin/api/mail/account-mail-texts";
import { APP_NOTICE_TEXTS } from "@termin/api/resources/notifications/app-notice-texts";
import { createI18n, type Catalog } from "./i18n.ts";

const localesDir = new URL("./locales/", import.meta.url).pathname;
const appDir = new URL("../", import.meta.url).pathname;

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") entries.set(path, value);
    else for (const [k, v] of flatten(value, path)) entries.set(k, v);
  }
  return entries;
}

const catalog = (language: string) =>
  flatten(JSON.parse(readFileSync(join(localesDir, `${language}.json`), "utf8")) as Tree);
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]).sort();

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Keys the UI asks for: every literal t("…") call in the app's source. */
function keysUsedInSource(): Set<string> {
  const used = new Set<string>();
  for (const file of sourceFiles(appDir)) {
    for (const match of readFileSync(file, "utf8").matchAll(/\bt\(\s*"([\w.]+)"/g)) used.add(match[1] as string);
  }
  return used;
}

/** Keys named anywhere as a string literal: also those picked from a table (category slug -> key) before t(). */
function keysNamedInSource(): Set<string> {
  const named = new Set<string>();
  for (const file of sourceFiles(appDir)) {
    for (const match of readFileSync(file, "utf8").matchAll(/"([a-z]\w*(?:\.\w+)+)"/g)) named.add(match[1] as string);
  }
  return named;
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
/** A plural key (reviews_one, reviews_few...) stands for its base key (reviews), which is what t() is called with. */
const baseKey = (key: string) => key.replace(PLURAL_SUFFIX, "");

/**
 * The keys a language must have: English's, with each plural key in the forms the language's own
 * plural rules use (Russian has one/few/many/other, Turkish one/other...), which the translator picks by Intl.PluralRules.
 */
function expectedKeys(language: string, english: Map<string, string>): string[] {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const keys = new Set<string>();
  for (const key of english.keys()) {
    if (PLURAL_SUFFIX.test(key)) for (const category of categories) keys.add(`${baseKey(key)}_${category}`);
    else keys.add(key);
  }
  return [...keys].sort();
}

describe("translation catalogs", () => {
  const english = catalog("en");

  it("define every key the UI uses (checked against English, the source catalog)", () => {
    const defined = new Set([...english.keys()].map(baseKey));
    const missing = [...keysUsedInSource()].filter((key) => !defined.has(key));
    expect(missing).toEqual([]);
  });

  it.each(SUPPORTED_LANGUAGES.filter((l) => l !== "en"))(
    "%s has exactly the English keys, each translated",
    (language) => {
      const translated = catalog(language);
      expect([...translated.keys()].sort()).toEqual(expectedKeys(language, english));
      for (const [key, value] of translated) {
        const source = english.get(key) ?? english.get(`${baseKey(key)}_other`) ?? "";
        expect(value.trim(), `${language}: ${key}`).not.toBe("");
        expect(placeholders(value), `${language}: placeholders of ${key}`).toEqual(placeholders(source));
      }
    },
  );

  it("has no English catalog key the UI never uses", () => {
    const used = new Set([...keysUsedInSource(), ...keysNamedInSource()]);
    // Keys read as whole objects count as used: the offline page's words, which the service worker takes from each
    // catalog's pwa.offline (apps/web/app/pwa/sw.ts).
    const readWhole = ["pwa.offline."];
    const unused = [...english.keys()].filter(
      (key) => !used.has(baseKey(key)) && !readWhole.some((prefix) => key.startsWith(prefix)),
    );
    expect(unused).toEqual([]);
  });
});

describe("words of the booking flow", () => {
  // Nothing is paid when a booking is made: the basket's button leads to the booking's confirmation.
  const PAYMENT_WORDS = /плащ|плаќ|оплат|pay|zahl|pag[oa]|paie|öde|plat|plăt|πληρω/i;

  it.each(SUPPORTED_LANGUAGES)("%s: the basket's button does not speak of paying", (language) => {
    expect(catalog(language).get("basket.checkout")).not.toMatch(PAYMENT_WORDS);
  });
});

describe("full stops", () => {
  it.each(SUPPORTED_LANGUAGES)('%s: no text ends a value written with a final stop ("μ.μ.") in two', (language) => {
    const tree = JSON.parse(readFileSync(join(localesDir, `${language}.json`), "utf8")) as Catalog;
    const { t } = createI18n(language, tree);
    for (const [key, template] of catalog(language)) {
      const names = placeholders(template);
      if (names.length === 0) continue;
      const values = Object.fromEntries(names.map((name) => [name, "11:00 μ.μ."]));
      expect(t(baseKey(key) as Parameters<typeof t>[0], values), `${language}: ${key}`).not.toMatch(/[^.]\.\.(?!\.)/);
    }
  });
});

describe("one spelling of e-mail per language", () => {
  const contentPagesDir = new URL("../../../../packages/db/src/seed/content-pages/", import.meta.url).pathname;
  const strings = (value: unknown): string[] =>
    typeof value === "string"
      ? [value]
      : value && typeof value === "object"
        ? Object.values(value).flatMap(strings)
        : [];
  // The forms one word takes: "e-mail" or "email", "имейл" or "и-мейл", "е-пошта" or "пошта", "эл. почта" or
  // "электронная почта" (a word in its own right, such as Spanish "correo", is not a spelling of it).
  const SPELLINGS =
    /\b(e-?mail|e-?posta)|(?<![\p{L}-])(и-?мейл|е-?мејл|е-?пошта|пошта|е-?почта|эл\. почт|электронн\p{L}* почт)/giu;
  const spellingOf = (form: string) => (form.includes("-") ? "hyphenated" : form.includes(".") ? "short" : "whole");

  it.each(SUPPORTED_LANGUAGES)("%s writes it one way in pages, messages, mails and notices", (language) => {
    const texts = [
      ...catalog(language).values(),
      ...strings(JSON.parse(readFileSync(join(contentPagesDir, `${language}.json`), "utf8"))),
      ...strings(ACCOUNT_MAIL_TEXTS[language]),
      ...strings(BOOKING_NOTICE_TEXTS[language]),
      ...strings(APP_NOTICE_TEXTS[language]),
    ].map((text) => text.replace(/\{\{?\s*\w+\s*\}\}?/g, ""));
    const forms = new Set(
      texts.flatMap((text) => [...text.matchAll(SPELLINGS)].map((match) => match[0].toLowerCase())),
    );
    expect(new Set([...forms].map(spellingOf)).size, `${language}: ${[...forms].join(", ")}`).toBeLessThanOrEqual(1);
  });
});
