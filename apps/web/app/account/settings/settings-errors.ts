import type { ErrorDocument } from "@termin/contracts/jsonapi";
import type { Translate, TranslationKey } from "../../i18n/i18n.ts";
import type { FormErrors } from "../../ui/form/field-errors.ts";

/** The form field a PATCH error points at: "/data/attributes/city" -> city, "/data/relationships/phoneCountry/..." -> phone_country. */
function fieldOf(pointer: string | undefined): string | undefined {
  const match = /^\/data\/(attributes|relationships)\/(\w+)/.exec(pointer ?? "");
  if (!match) return undefined;
  return match[2] === "phoneCountry" ? "phone_country" : match[2];
}

/** Our own words for each field the profile form has: they name the form's own labels, which the API's details cannot. */
const FIELD_MESSAGES: Record<string, TranslationKey> = {
  first_name: "settings.errors.firstName",
  last_name: "settings.errors.lastName",
  phone: "settings.errors.phone",
  phone_country: "settings.errors.phone",
  gender: "settings.errors.gender",
  birthdate: "settings.errors.birthdate",
  address: "settings.errors.address",
  city: "settings.errors.city",
  country: "settings.errors.country",
  language: "settings.errors.language",
};

/** A PATCH's errors, in the page language, at the fields they are about; the rest for the whole form. */
export function profileFormErrors(errors: ErrorDocument["errors"], t: Translate): FormErrors {
  const fields: Record<string, string> = {};
  let form: string | undefined;
  for (const error of errors) {
    const field = fieldOf(error.source?.pointer);
    const key = field ? FIELD_MESSAGES[field] : undefined;
    if (field && key) fields[field] ??= t(key);
    else form ??= t("settings.errors.generic");
  }
  return { fields, form };
}
