import { isSupportedLanguage, type Language } from "@termin/domain/languages";

/**
 * Where opening a notification goes: its action URL, a path inside the app without a language, in the page's
 * language. Only paths of this site are followed (never another site, `//host` or `/\host`, which browsers
 * read as one): anything else, or no URL at all, goes home, as a push click with a missing URL does (spec
 * section 8).
 */
export function notificationTarget(actionUrl: string | null, language: Language): string {
  const home = `/${language}/home`;
  if (!actionUrl || !actionUrl.startsWith("/") || /^\/[/\\]/.test(actionUrl)) return home;
  const base = "https://termin.invalid";
  const url = new URL(actionUrl, base);
  if (url.origin !== base) return home;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // A path that already names a language keeps it.
  const [, first = ""] = url.pathname.split("/");
  return isSupportedLanguage(first) ? path : `/${language}${path === "/" ? "/home" : path}`;
}
