import type { Language } from "@termin/domain/languages";
import type { TranslationKey } from "../i18n/i18n.ts";

/** Why a social sign-in ended on the sign-in page: the `social_error` query parameter. */
export const SOCIAL_ERROR_MESSAGES = {
  denied: "social.errors.denied",
  expired: "social.errors.expired",
  failed: "social.errors.failed",
  email_taken: "social.errors.emailTaken",
  account_deleted: "social.errors.accountDeleted",
} as const satisfies Record<string, TranslationKey>;

export type SocialErrorCode = keyof typeof SOCIAL_ERROR_MESSAGES;

/** The message key for a `social_error` value; an unknown value still says the sign-in failed. */
export function socialErrorMessage(code: string | null): TranslationKey | undefined {
  if (!code) return undefined;
  return Object.hasOwn(SOCIAL_ERROR_MESSAGES, code)
    ? SOCIAL_ERROR_MESSAGES[code as SocialErrorCode]
    : SOCIAL_ERROR_MESSAGES.failed;
}

/** The sign-in page showing a social sign-in error, still heading for the page the visitor wanted. */
export function socialErrorPath(language: Language, code: SocialErrorCode, redirectTo: string): string {
  return `/${language}/sign-in?${new URLSearchParams({ social_error: code, redirectTo })}`;
}
