import type { FormAnswerValues, FormField } from "./form-fields.ts";
import type { ResourceObject } from "./jsonapi.ts";

export const FORM_DELIVERY_TYPES = ["before_first_visit", "before_each_visit", "on_request"] as const;
export type FormDeliveryType = (typeof FORM_DELIVERY_TYPES)[number];

export const FORM_STATUSES = ["pending", "submitted"] as const;
export type FormStatus = (typeof FORM_STATUSES)[number];

/**
 * `forms` (spec section 3: name, delivery_type): a form a business sent to the signed-in client. The id is
 * that sending's (a UUID), so the same form sent twice is two resources.
 * Relationships: business (`businesses`), formAnswer (`form-answers`, null until answered).
 */
export interface FormAttributes {
  name: string;
  delivery_type: FormDeliveryType;
  /** The questions, in order, in the business's language. */
  fields: FormField[];
  sent_at: string;
  status: FormStatus;
}
export type FormResource = ResourceObject<"forms", FormAttributes>;

/** `form-answers`: the client's answers to one form, keyed by field key. Relationship: form (`forms`). */
export interface FormAnswerAttributes {
  values: FormAnswerValues;
  submitted_at: string;
}
export type FormAnswerResource = ResourceObject<"form-answers", FormAnswerAttributes>;

/** The body of POST /v1c/form-answers. */
export interface FormAnswerCreateDocument {
  data: {
    type: "form-answers";
    attributes: { values: Record<string, unknown> };
    relationships: { form: { data: { type: "forms"; id: string } } };
  };
}

const VALUES_POINTER = "/data/attributes/values/";

/** Where a 422 points for the answer to one field (a JSON pointer: "~" and "/" in the key escaped). */
export function formAnswerPointer(key: string): string {
  return VALUES_POINTER + key.replaceAll("~", "~0").replaceAll("/", "~1");
}

/** The field key an error's pointer names, if it names one. */
export function formAnswerKeyOf(pointer: string | undefined): string | undefined {
  if (!pointer?.startsWith(VALUES_POINTER) || pointer.length === VALUES_POINTER.length) return undefined;
  return pointer.slice(VALUES_POINTER.length).replaceAll("~1", "/").replaceAll("~0", "~");
}
