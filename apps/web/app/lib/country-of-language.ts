import type { Language } from "@termin/domain/languages";

/** The country a page language is most read in: a phone number's country, the visitor's city, when not said. */
export const COUNTRY_OF_LANGUAGE: Readonly<Record<Language, string>> = {
  bg: "BG",
  en: "GB",
  de: "DE",
  es: "ES",
  it: "IT",
  fr: "FR",
  tr: "TR",
  ro: "RO",
  el: "GR",
  mk: "MK",
  ru: "RU",
};
