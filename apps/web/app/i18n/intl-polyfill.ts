import type { Language } from "@termin/domain/languages";
import { shouldPolyfill as shouldPolyfillDateTimeFormat } from "@formatjs/intl-datetimeformat/should-polyfill.js";
import { shouldPolyfill as shouldPolyfillCanonicalLocales } from "@formatjs/intl-getcanonicallocales/should-polyfill.js";
import { shouldPolyfill as shouldPolyfillLocale } from "@formatjs/intl-locale/should-polyfill.js";
import { shouldPolyfill as shouldPolyfillNumberFormat } from "@formatjs/intl-numberformat/should-polyfill.js";
import { shouldPolyfill as shouldPolyfillPluralRules } from "@formatjs/intl-pluralrules/should-polyfill.js";

interface LocaleData {
  pluralRules: () => Promise<unknown>;
  numberFormat: () => Promise<unknown>;
  dateTimeFormat: () => Promise<unknown>;
}

/**
 * CLDR data for the languages some browser lacks: Chrome's ICU leaves out Macedonian, all the others are built in.
 * Each file is its own chunk, fetched only by a browser that lacks the language.
 */
const localeData: Partial<Record<Language, LocaleData>> = {
  mk: {
    pluralRules: () => import("@formatjs/intl-pluralrules/locale-data/mk.js"),
    numberFormat: () => import("@formatjs/intl-numberformat/locale-data/mk.js"),
    dateTimeFormat: () => import("@formatjs/intl-datetimeformat/locale-data/mk.js"),
  },
};

/**
 * Replaces the browser's Intl constructors that lack `language` with FormatJS ones holding its CLDR data, so the
 * browser formats exactly as the server (Node, full ICU) did and the page hydrates without a text mismatch.
 * Order matters: each polyfill builds on the previous ones, and a locale-data file registers with the
 * constructor in place when it runs. No time zone data is loaded: the browser formats only in UTC
 * (times of day, weekdays, dates); anything in a location's zone is worked out on the server.
 */
export async function polyfillIntl(language: Language): Promise<void> {
  const data = localeData[language];
  if (!data) return;
  if (shouldPolyfillCanonicalLocales()) await import("@formatjs/intl-getcanonicallocales/polyfill.js");
  if (shouldPolyfillLocale()) await import("@formatjs/intl-locale/polyfill.js");
  if (shouldPolyfillPluralRules(language)) {
    await import("@formatjs/intl-pluralrules/polyfill-force.js");
    await data.pluralRules();
  }
  if (shouldPolyfillNumberFormat(language)) {
    await import("@formatjs/intl-numberformat/polyfill-force.js");
    await data.numberFormat();
  }
  if (shouldPolyfillDateTimeFormat(language)) {
    await import("@formatjs/intl-datetimeformat/polyfill-force.js");
    await data.dateTimeFormat();
  }
}
