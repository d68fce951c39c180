/** The languages Termin is written in, in the order the language menu lists them. */
export const SUPPORTED_LANGUAGES = ["bg", "en", "de", "es", "it", "fr", "tr", "ro", "el", "mk", "ru"] as const;

export type Language = (typeof SUPPORTED_LANGUAGES)[number];

/** Each language's name in its own language, for the language menu. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  bg: "Български",
  en: "English",
  de: "Deutsch",
  es: "Español",
  it: "Italiano",
  fr: "Français",
  tr: "Türkçe",
  ro: "Română",
  el: "Ελληνικά",
  mk: "Македонски",
  ru: "Русский",
};

export function isSupportedLanguage(value: unknown): value is Language {
  return typeof value === "string" && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

interface WeightedTag {
  tag: string;
  quality: number;
  position: number;
}

function parseAcceptLanguage(header: string): WeightedTag[] {
  return header
    .split(",")
    .map((part, position) => {
      const [rawTag = "", ...params] = part.trim().split(";");
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = qParam ? Number(qParam.slice(2)) : 1;
      return { tag: rawTag.trim().toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, position };
    })
    .filter((entry) => entry.tag !== "" && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.position - b.position);
}

/**
 * Picks the supported language that best matches an HTTP Accept-Language header
 * (RFC 9110 weights; a regional tag such as `de-AT` matches its base language).
 * Returns undefined when nothing matches, so the caller decides the fallback.
 */
export function matchAcceptLanguage(header: string | null | undefined): Language | undefined {
  if (!header) return undefined;
  for (const { tag } of parseAcceptLanguage(header)) {
    const base = tag.split("-")[0];
    if (isSupportedLanguage(base)) return base;
  }
  return undefined;
}

/** The header value the spec prescribes for every API call: the user's language first, English as the fallback. */
export function acceptLanguageFor(language: Language): string {
  return language === "en" ? "en;q=0.9" : `${language};q=0.9,en;q=0.8`;
}
