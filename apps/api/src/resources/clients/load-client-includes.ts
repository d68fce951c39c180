import type { AvatarResource } from "@termin/contracts/client-resources";
import type { ResourceObject } from "@termin/contracts/jsonapi";
import { isSupportedLanguage, LANGUAGE_NAMES } from "@termin/domain/languages";
import type { ClientRow } from "./find-client.ts";

export const CLIENT_INCLUDES = ["avatar", "language"] as const;

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
 * are the fixed eleven.
 */
export function clientIncludes(row: ClientRow, include: readonly string[]): ResourceObject[] {
  const included: ResourceObject[] = [];
  if (include.includes("avatar") && row.avatarId) included.push(toAvatarResource(row.avatarId));
  if (include.includes("language")) included.push(toLanguageResource(row.language));
  return included;
}
