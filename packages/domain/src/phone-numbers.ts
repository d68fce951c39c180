import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";

/** A phone number as stored: the national number in digits and the country it belongs to. */
export interface NormalisedPhoneNumber {
  /** National significant number, digits only (no trunk prefix "0", no "+" and calling code). */
  nationalNumber: string;
  /** ISO 3166-1 alpha-2 code of the number's country. */
  country: CountryCode;
  /** Calling code without "+", e.g. "359". */
  callingCode: string;
}

/** Whether libphonenumber knows the country (an ISO 3166-1 alpha-2 code with a numbering plan). */
export function isPhoneCountry(country: string): country is CountryCode {
  return isSupportedCountry(country.toUpperCase());
}

/**
 * A number as people type it ("088 123 4567", "+359 88 123 4567", "(0)88-123-4567") in the given country,
 * normalised and checked against that country's numbering plan; undefined when it is not a valid number.
 * A number typed with another country's "+" code is kept with that country.
 */
export function normalisePhoneNumber(input: string, country: string): NormalisedPhoneNumber | undefined {
  const code = country.toUpperCase();
  if (!isPhoneCountry(code)) return undefined;
  const number = parsePhoneNumberFromString(input, code);
  if (!number?.isValid()) return undefined;
  return {
    nationalNumber: number.nationalNumber,
    country: number.country ?? code,
    callingCode: number.countryCallingCode,
  };
}

/**
 * A stored number as people read it, grouped by its country's plan: "+359 88 123 4567" (international) or
 * "088 123 4567" (national, as it is typed at home). Undefined when the country or number is not one
 * libphonenumber can read.
 */
export function formatPhoneNumber(
  nationalNumber: string,
  country: string,
  style: "international" | "national",
): string | undefined {
  const code = country.toUpperCase();
  if (!isPhoneCountry(code)) return undefined;
  const number = parsePhoneNumberFromString(nationalNumber, code);
  if (!number) return undefined;
  return style === "international" ? number.formatInternational() : number.formatNational();
}
