import type { AvatarResource } from "@termin/contracts/client-resources";
import type { ResourceObject } from "@termin/contracts/jsonapi";
import { isSupportedLanguage, LANGUAGE_NAMES, type Language } from "@termin/domain/languages";
import { countryAttributes, toCountryResource } from "../countries/country-resources.ts";
import type { ClientRow } from "./find-client.ts";

export const CLIENT_INCLUDES = ["avatar", "language", "country", "phoneCountry"] as const;

/** The attributes of the included types, for `fields[type]`. */
export const INCLUDED_ATTRIBUTES = {
  avatars: ["url"],
  languages: ["code", "name"],
  countries: countryAttributes,
} as const;

export function toAvatarResource(id: string): AvatarResource {
  return { type: "avatars", id, attributes: { url: `/avatars/${id}` }, links: { self: `/avatars/${id}` } };
}

/** A supported language as a resource: its code and its name in itself (what a language menu shows). */
export function toLanguageResource(code: string): ResourceObject<"languages", { code: string; name: string }> {
  return {
    type: "languages",
    id: code,
    attributes: { code, name: isSupportedLanguage(code) ? LANGUAGE_NAMES[code] : code },
  };
}

/**
 * The included resources of a client. None needs a query: an avatar's URL follows from its id, languages
 * are the fixed eleven and countries come from the phone-number metadata (named in the request language).
 */
export function clientIncludes(row: ClientRow, include: readonly string[], language: Language): ResourceObject[] {
  const included = new Map<string, ResourceObject>();
  const add = (resource: ResourceObject) => included.set(`${resource.type}:${resource.id}`, resource);
  if (include.includes("avatar") && row.avatarId) add(toAvatarResource(row.avatarId));
  if (include.includes("language")) add(toLanguageResource(row.language));
  if (include.includes("country") && row.country) add(toCountryResource(row.country, language));
  if (include.includes("phoneCountry") && row.phoneCountry) add(toCountryResource(row.phoneCountry, language));
  return [...included.values()];
}
