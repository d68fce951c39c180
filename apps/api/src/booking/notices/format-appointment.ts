import type { Language } from "@termin/domain/languages";
import { valueBefore } from "@termin/domain/sentences";

// Times and dates are written by @termin/domain/time-format, as on the web pages: one clock per language.

// Intl formatters are costly to build; a worker sends many notices in few languages.
const lists = new Map<Language, Intl.ListFormat>();

/** Names as the language lists them: "Manicure, Pedicure and Massage", "Маникюр и педикюр". */
export function listNames(names: readonly string[], language: Language): string {
  let list = lists.get(language);
  if (!list) {
    list = new Intl.ListFormat(language, { type: "conjunction" });
    lists.set(language, list);
  }
  return list.format(names);
}

// Bulgarian writes the preposition в as във before a word that starts with в or ф (also a foreign name said so).
const BULGARIAN_IN = /(^|\s)в $/;
const STARTS_WITH_V_OR_F = /^[вфВФvfwVFW]/;

/**
 * A template with its {placeholders} replaced (an unknown one is left as it is), and the language's spelling
 * rules where a word of the template meets a value: Bulgarian "във Фризьорски салон", not "в Фризьорски салон";
 * a value's final full stop ("11:00 p.m.") stands for the template's own right after it.
 */
export function fillText(template: string, values: Record<string, string>, language: Language): string {
  let text = "";
  let from = 0;
  for (const match of template.matchAll(/\{(\w+)\}/g)) {
    const [placeholder, name = ""] = match;
    let before = template.slice(from, match.index);
    const value = valueBefore(values[name] ?? placeholder, template.slice(match.index + placeholder.length));
    if (language === "bg" && BULGARIAN_IN.test(before) && STARTS_WITH_V_OR_F.test(value)) {
      before = `${before.slice(0, -2)}във `;
    }
    text += before + value;
    from = match.index + placeholder.length;
  }
  return text + template.slice(from);
}
