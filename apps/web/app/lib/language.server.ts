import { isSupportedLanguage, matchAcceptLanguage, type Language } from "@termin/domain/languages";
import { config } from "./config.server.ts";
import { COOKIE } from "@termin/contracts/cookies";
import { readCookie } from "./cookies.server.ts";

/**
 * The visitor's language when the URL does not say: the language cookie, else the best
 * Accept-Language match, else DEFAULT_LANGUAGE (spec section 2).
 */
export function preferredLanguage(request: Request): Language {
  const fromCookie = readCookie(request, COOKIE.language);
  if (isSupportedLanguage(fromCookie)) return fromCookie;
  return matchAcceptLanguage(request.headers.get("accept-language")) ?? config.defaultLanguage;
}

/** The language of a page: its URL prefix when supported, else the visitor's preference. */
export function pageLanguage(request: Request, urlLanguage: string | undefined): Language {
  return isSupportedLanguage(urlLanguage) ? urlLanguage : preferredLanguage(request);
}
