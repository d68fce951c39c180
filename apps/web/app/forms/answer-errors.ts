import type { FormField } from "@termin/contracts/form-fields";
import { formAnswerKeyOf } from "@termin/contracts/form-resources";
import type { ErrorObject } from "@termin/contracts/jsonapi";
import { FORM_ANSWER_ERROR_CODES, type FormAnswerErrorCode } from "@termin/domain/form-answers";
import type { Language } from "@termin/domain/languages";
import type { Translate } from "../i18n/i18n.ts";
import { formatCount } from "../lib/format.ts";

export interface AnswerErrors {
  /** A message per question key, in the visitor's language. */
  fields: Record<string, string>;
  /** For errors that belong to no question of the form. */
  form: string | undefined;
}

/** Our own words for the reason the API gives (its details are English), with the question's own limits. */
function message(reason: FormAnswerErrorCode, field: FormField, t: Translate, language: Language): string {
  const count = (limit: number | undefined) => ({ count: limit ?? 0 });
  const number = (limit: number | undefined) => formatCount(limit ?? 0, language);
  switch (reason) {
    case "required":
      return t("forms.errors.required");
    case "too_short":
      return t("forms.errors.tooShort", count(field.min));
    case "too_long":
      return t("forms.errors.tooLong", count(field.max));
    case "too_small":
      return t("forms.errors.tooSmall", { min: number(field.min) });
    case "too_large":
      return t("forms.errors.tooLarge", { max: number(field.max) });
    case "not_integer":
      return t("forms.errors.notWholeNumber");
    case "invalid_date":
      return t("forms.errors.invalidDate");
    case "future_date":
      return t("forms.errors.futureDate");
    case "invalid_option":
      return t("forms.errors.invalidOption");
    case "consent_required":
      return t("forms.errors.consentRequired");
    case "wrong_type":
    case "unknown_field":
      return field.type === "number" ? t("forms.errors.notANumber") : t("forms.errors.invalidAnswer");
  }
}

/** Sorts a 422's errors to the questions they point at; anything else becomes one message for the form. */
export function answerErrorsFrom(
  errors: readonly ErrorObject[],
  fields: readonly FormField[],
  t: Translate,
  language: Language,
): AnswerErrors {
  const messages: Record<string, string> = {};
  let form: string | undefined;
  for (const error of errors) {
    const field = fields.find((candidate) => candidate.key === formAnswerKeyOf(error.source?.pointer));
    if (!field) {
      form ??= t("forms.errors.generic");
      continue;
    }
    const reason = FORM_ANSWER_ERROR_CODES.find((code) => code === error.meta?.reason);
    messages[field.key] ??= reason ? message(reason, field, t, language) : t("forms.errors.invalidAnswer");
  }
  return { fields: messages, form };
}
