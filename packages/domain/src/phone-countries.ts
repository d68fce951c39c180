import { getCountries, getCountryCallingCode, type CountryCode } from "libphonenumber-js";

/**
 * The countries a client can pick for their address or phone number: every country with a numbering plan
 * in libphonenumber's metadata (ISO 3166-1 alpha-2, upper case), with its calling code.
 */
export const PHONE_COUNTRIES: readonly CountryCode[] = getCountries();

const known = new Set<string>(PHONE_COUNTRIES);

/** Whether `code` is one of PHONE_COUNTRIES, exactly as written (upper case). */
export function isCountryCode(code: string): code is CountryCode {
  return known.has(code);
}

/** The calling code without "+", e.g. "359" for BG. */
export function callingCodeOf(country: CountryCode): string {
  return getCountryCallingCode(country);
}
