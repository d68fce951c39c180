import type { ErrorDocument } from "@termin/contracts/jsonapi";

export interface FormErrors {
  /** Messages by field name (the last segment of each error's JSON pointer or parameter). */
  fields: Record<string, string>;
  /** Messages that belong to no single field. */
  form: string | undefined;
}

/**
 * Sorts an API answer's errors into per-field messages and one for the whole form, so a page can show each
 * message at its field. Pointers like "/data/attributes/first_name" and "/email" name the field last.
 */
export function formErrorsFrom(errors: ErrorDocument["errors"]): FormErrors {
  const fields: Record<string, string> = {};
  let form: string | undefined;
  for (const error of errors) {
    const source = error.source?.pointer ?? error.source?.parameter;
    const field = source?.split("/").filter(Boolean).at(-1);
    if (field && !(field in fields)) fields[field] = error.detail;
    else form ??= error.detail;
  }
  return { fields, form };
}
