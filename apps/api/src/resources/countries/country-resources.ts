import type { CountryResource } from "@termin/contracts/client-resources";
import type { Language } from "@termin/domain/languages";
import { callingCodeOf, isCountryCode, PHONE_COUNTRIES } from "@termin/domain/phone-countries";

export const countryAttributes = ["name", "phone_code"] as const;

const displayNames = new Map<Language, Intl.DisplayNames>();

/** A country's name in a language (Intl's CLDR data), e.g. "България" for BG in Bulgarian. */
export function countryName(code: string, language: Language): string {
  let names = displayNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: "region", fallback: "code" });
    displayNames.set(language, names);
  }
  return names.of(code) ?? code;
}

export function toCountryResource(code: string, language: Language): CountryResource {
  return {
    type: "countries",
    id: code,
    attributes: { name: countryName(code, language), phone_code: isCountryCode(code) ? callingCodeOf(code) : "" },
    links: { self: `/v1c/countries/${code}` },
  };
}

/** Every country, named in `language` and sorted by that name as its speakers sort. */
export function listCountries(language: Language): CountryResource[] {
  const collator = new Intl.Collator(language);
  return PHONE_COUNTRIES.map((code) => toCountryResource(code, language)).sort((a, b) =>
    collator.compare(a.attributes.name, b.attributes.name),
  );
}
