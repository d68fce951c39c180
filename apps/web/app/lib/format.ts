import type { Language } from "@termin/domain/languages";

// Intl formatters are costly to build (a location page formatted its hours with ~50 new ones, 5% of the
// server's CPU) and a page renders hundreds of values: keep one per locale and options.
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let format = formats.get(key);
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format as T;
}

function numberFormat(language: Language, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(`n|${language}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(language, options));
}

/** A date and time formatter, made once per locale and options. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(`d|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}

const digitsOfCurrency = new Map<string, number>();

/** Decimals of a currency's minor unit (2 for EUR cents, 0 for JPY), from Intl (read once per currency: a page prices every service). */
export function minorUnitDigits(currency: string, language: Language = "en"): number {
  const key = `${language}|${currency}`;
  let digits = digitsOfCurrency.get(key);
  if (digits === undefined) {
    digits = numberFormat(language, { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsOfCurrency.set(key, digits);
  }
  return digits;
}

/** A price held in minor units (cents) shown in the currency's own way: 2500 EUR -> "25 €" in bg. */
export function formatPrice(minor: number, currency: string, language: Language): string {
  return formatPriceRange(minor, minor, currency, language);
}

/** The sign people know a currency by in a language: "€", "ден.", "₺". */
export function currencySymbol(currency: string, language: Language): string {
  const parts = numberFormat(language, { style: "currency", currency }).formatToParts(0);
  return parts.find((part) => part.type === "currency")?.value ?? currency;
}

/** "25 €" or "25–40 €" for a service whose variants cost differently; whole amounts without ",00". */
export function formatPriceRange(fromMinor: number, toMinor: number, currency: string, language: Language): string {
  const scale = 10 ** minorUnitDigits(currency, language);
  const [from, to] = [fromMinor / scale, toMinor / scale];
  const whole = Number.isInteger(from) && Number.isInteger(to);
  const format = numberFormat(language, {
    style: "currency",
    currency,
    ...(whole ? { maximumFractionDigits: 0 } : {}),
  });
  return from === to ? format.format(from) : format.formatRange(from, to);
}

/** 45 -> "45 min", 90 -> "1 hr 30 min" in the language's own units. */
export function formatDuration(minutes: number, language: Language): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts: string[] = [];
  if (hours > 0)
    parts.push(numberFormat(language, { style: "unit", unit: "hour", unitDisplay: "short" }).format(hours));
  if (rest > 0 || hours === 0) {
    parts.push(numberFormat(language, { style: "unit", unit: "minute", unitDisplay: "short" }).format(rest));
  }
  return parts.join(" ");
}

/**
 * Time left on a countdown in the language's own units: 599 -> "9 min 59 sec" in en, "9 мин 59 сек" in bg. Units,
 * not "9:59", which reads as a time of day in many languages. The units are joined with a space as in
 * formatDuration: Intl.ListFormat and Intl.DurationFormat are missing from the Intl polyfills some browsers use.
 */
export function formatCountdown(totalSeconds: number, language: Language): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  const unit = (value: number, name: "minute" | "second") =>
    numberFormat(language, { style: "unit", unit: name, unitDisplay: "short" }).format(value);
  const parts: string[] = [];
  if (minutes > 0) parts.push(unit(minutes, "minute"));
  if (seconds > 0 || minutes === 0) parts.push(unit(seconds, "second"));
  return parts.join(" ");
}

/** A rating average with one decimal: 4.7 -> "4,7" in de. */
export function formatRating(value: number, language: Language): string {
  return numberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}

export function formatDistance(kilometres: number, language: Language): string {
  if (kilometres < 1) {
    const metres = Math.max(10, Math.round((kilometres * 1000) / 10) * 10);
    return numberFormat(language, { style: "unit", unit: "meter", unitDisplay: "short" }).format(metres);
  }
  return numberFormat(language, {
    style: "unit",
    unit: "kilometer",
    unitDisplay: "short",
    maximumFractionDigits: kilometres < 10 ? 1 : 0,
  }).format(kilometres);
}

export function formatCount(value: number, language: Language): string {
  return numberFormat(language, {}).format(value);
}

/**
 * A calendar date, "29 Oct 2026" in the language's medium or long style. Read in UTC so the server and every
 * visitor agree on the day, and with plain spaces: CLDR versions disagree on no-break spaces in dates
 * (ICU in Node writes "2026 г.", the FormatJS data "2026\u202fг."), which would fail hydration.
 */
export function formatDate(date: Date | string, language: Language, style: "medium" | "long" = "medium"): string {
  return dateTimeFormat(language, { dateStyle: style, timeZone: "UTC" })
    .format(new Date(date))
    .replace(/[\u00a0\u202f]/g, " ");
}

/** A `tel:` link for a phone number as written for people ("+49 30 632 6128"): digits and the plus only. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, "")}`;

/**
 * A time range kept on one line ("10:00–11:00", "9:00 AM – 9:45 AM"): a line may break after a dash and at any space,
 * so its spaces become no-break ones (whichever Intl wrote) and a word joiner follows the dash. Only for a range of
 * times within a day: one between two dates may still break at the dash.
 */
export const keepOnOneLine = (range: string): string => range.replace(/\s/g, "\u00a0").replace(/–/g, "–\u2060");
