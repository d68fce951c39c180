import type { Language } from "@termin/domain/languages";

// Intl formatters are costly to build; a worker sends many notices in few languages and zones.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.ListFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.ListFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter as T;
}

const dateTime = (language: Language, timeZone: string, options: Intl.DateTimeFormatOptions) =>
  cached(
    `d|${language}|${timeZone}|${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(language, { ...options, timeZone }),
  );

/** The start as the place's clock shows it, in the client's language: "Sunday, October 25, 2026 at 10:30 AM". */
export function formatStart(start: Date, language: Language, timeZone: string): string {
  return dateTime(language, timeZone, { dateStyle: "full", timeStyle: "short" }).format(start);
}

/** A service's time at the place: "10:30–11:15" (with the dates when it spans midnight). */
export function formatTimeRange(start: Date, end: Date, language: Language, timeZone: string): string {
  return dateTime(language, timeZone, { timeStyle: "short" }).formatRange(start, end);
}

/** Names as the language lists them: "Manicure, Pedicure and Massage", "Маникюр и педикюр". */
export function listNames(names: readonly string[], language: Language): string {
  return cached(`l|${language}`, () => new Intl.ListFormat(language, { type: "conjunction" })).format(names);
}

/** Ends a sentence with a full stop unless its last value already did ("10:30 π.μ."). */
export function sentence(text: string): string {
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

// Bulgarian writes the preposition в as във before a word that starts with в or ф (also a foreign name said so).
const BULGARIAN_IN = /(^|\s)в $/;
const STARTS_WITH_V_OR_F = /^[вфВФvfwVFW]/;

/**
 * A template with its {placeholders} replaced (an unknown one is left as it is), and the language's spelling
 * rules where a word of the template meets a value: Bulgarian "във Фризьорски салон", not "в Фризьорски салон".
 */
export function fillText(template: string, values: Record<string, string>, language: Language): string {
  let text = "";
  let from = 0;
  for (const match of template.matchAll(/\{(\w+)\}/g)) {
    const [placeholder, name = ""] = match;
    let before = template.slice(from, match.index);
    const value = values[name] ?? placeholder;
    if (language === "bg" && BULGARIAN_IN.test(before) && STARTS_WITH_V_OR_F.test(value)) {
      before = `${before.slice(0, -2)}във `;
    }
    text += before + value;
    from = match.index + placeholder.length;
  }
  return text + template.slice(from);
}
