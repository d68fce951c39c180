import type { Language } from "@termin/domain/languages";
import en from "./catalogs/en.ts";
import { CATALOGS } from "./catalogs/index.ts";

type PluralForm = "zero" | "one" | "two" | "few" | "many" | "other";
type WithoutPluralForm<K> = K extends `${infer Base}_${PluralForm}` ? Base : K;

/** Every message of the English catalog, plural ones by their base name ("move_needs_each_service"). */
export type MessageKey = WithoutPluralForm<keyof typeof en>;

/** A moment, written in the place's own time zone in the reader's language (Intl.DateTimeFormat). */
export interface InstantValue {
  instant: number;
  timeZone: string;
}

/** An amount of time ("24 hours", "24 часа"): Intl's unit format picks the language's plural form. */
export interface DurationValue {
  quantity: number;
  unit: "minute" | "hour" | "day";
}

export type MessageValue = string | number | InstantValue | DurationValue;
/** Values for {{placeholders}}; `count` also picks the plural form (key_one, key_few...). */
export type MessageValues = Readonly<Record<string, MessageValue>> & { readonly count?: number };

/** A message to be worded in the reader's language when the answer is written. */
export interface Message {
  key: MessageKey;
  values?: MessageValues;
  /** Words of its own in English (a schema's message naming the member's rule), the key's in other languages. */
  english?: string;
}

function formatValue(value: MessageValue, language: Language): string {
  if (typeof value === "string") return value;
  if (typeof value === "number") return new Intl.NumberFormat(language).format(value);
  if ("instant" in value) {
    return new Intl.DateTimeFormat(language, {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: value.timeZone,
    }).format(value.instant);
  }
  return new Intl.NumberFormat(language, { style: "unit", unit: value.unit, unitDisplay: "long" }).format(
    value.quantity,
  );
}

/**
 * A message in `language`: the catalog's text for its key (for `count`, the plural form Intl.PluralRules picks,
 * falling back to `_other`), its {{placeholders}} filled with numbers, moments and durations Intl formats in that
 * language. The catalogs are written as the web app's are (docs/decisions/0018-own-translator.md).
 */
export function translate(language: Language, message: Message): string {
  if (language === "en" && message.english !== undefined) return message.english;
  const texts = CATALOGS[language];
  const { key, values } = message;
  const template =
    values?.count === undefined
      ? (texts[key] ?? texts[`${key}_other`])
      : (texts[`${key}_${new Intl.PluralRules(language).select(values.count)}`] ?? texts[`${key}_other`]);
  // Every key is in every catalog (catalogs.test.ts); English stands in rather than a key reaching a client.
  const text = template ?? (en as Readonly<Record<string, string>>)[key] ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) => {
    const value = values?.[name];
    return value === undefined ? placeholder : formatValue(value, language);
  });
}
