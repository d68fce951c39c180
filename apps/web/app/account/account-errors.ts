import type { ApiError } from "../api/client.ts";
import type { Translate, TranslationKey } from "../i18n/i18n.ts";
import { formErrorsFrom, type FormErrors } from "../ui/form/field-errors.ts";

/** Our own words for the fields the account endpoints validate (the API's details are in English). */
const FIELD_MESSAGES: Record<string, TranslationKey> = {
  email: "account.errors.email",
  password: "account.errors.password",
  new_password: "account.errors.password",
  current_password: "account.errors.currentPassword",
  phone: "account.errors.phone",
  first_name: "account.errors.name",
  last_name: "account.errors.name",
  bot_check_token: "account.errors.botCheck",
  token: "account.errors.linkExpired",
};

/** The API's errors for an account form, in the visitor's language: per field where the API names one. */
export function accountFormErrors(error: ApiError, t: Translate): FormErrors {
  if (error.status === 429) return { fields: {}, form: t("account.errors.tooManyAttempts") };
  const { fields, form } = formErrorsFrom(error.errors);
  const translated = Object.fromEntries(
    Object.entries(fields).map(([field, detail]) => {
      if (field === "email" && error.status === 409) return [field, t("account.errors.emailTaken")];
      const key = FIELD_MESSAGES[field];
      return [field, key ? t(key) : detail];
    }),
  );
  return { fields: translated, form: form === undefined ? undefined : t("account.errors.generic") };
}
