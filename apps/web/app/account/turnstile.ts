import type { Language } from "@termin/domain/languages";

/** Where Cloudflare Turnstile's script and challenge frame come from; the page CSP allows it when the bot check is on. */
export const TURNSTILE_ORIGIN = "https://challenges.cloudflare.com";

/** Explicit rendering: widgets appear on client-side navigation too, not only on a full page load. */
export const TURNSTILE_SCRIPT_URL = `${TURNSTILE_ORIGIN}/turnstile/v0/api.js?render=explicit`;

/** The field Turnstile adds to the surrounding form; sign-up and forgot-password actions send it as bot_check_token. */
export const TURNSTILE_RESPONSE_FIELD = "cf-turnstile-response";

/** Turnstile's language for each of ours; it has no Macedonian, so it follows the browser there. */
export const TURNSTILE_LANGUAGE: Record<Language, string> = {
  bg: "bg",
  en: "en",
  de: "de",
  es: "es",
  it: "it",
  fr: "fr",
  tr: "tr",
  ro: "ro",
  el: "el",
  mk: "auto",
  ru: "ru",
};
