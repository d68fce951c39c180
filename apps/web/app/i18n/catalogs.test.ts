import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SUPPORTED_LANGUAGES } from "@termin/domain/languages";

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

describe("translation catalogs", () => {
  const english = catalog("en");

  it("define every key the UI uses (checked against English, the source catalog)", () => {
    const missing = [...keysUsedInSource()].filter((key) => !english.has(key));
    expect(missing).toEqual([]);
  });

  it.each(SUPPORTED_LANGUAGES.filter((l) => l !== "en"))(
    "%s has exactly the English keys, each translated",
    (language) => {
      const translated = catalog(language);
      expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of english) {
        const value = translated.get(key) ?? "";
        expect(value.trim(), `${language}: ${key}`).not.toBe("");
        expect(placeholders(value), `${language}: placeholders of ${key}`).toEqual(placeholders(text));
      }
    },
  );

  it("has no English catalog key the UI never uses", () => {
    const used = keysUsedInSource();
    // Keys read as whole objects on the server (home.metaTitle, home.metaDescription) count as used.
    const unused = [...english.keys()].filter((key) => !used.has(key) && !key.startsWith("home.meta"));
    expect(unused).toEqual([]);
  });
});
