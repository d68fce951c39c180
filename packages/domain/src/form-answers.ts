/**
 * Checking a client's answers against the questions of a business's form. Pure: the API maps the codes to
 * messages in the client's language and stores the cleaned values.
 *
 * The field shape is stated here rather than imported: domain depends on no other package. It matches
 * `FormField` of @termin/contracts/form-fields structurally, so the API passes its stored fields as they are
 * (a new field type there fails to compile at that call until it is handled here).
 */
export interface AnswerableField {
  key: string;
  type: "text" | "long_text" | "number" | "date" | "single_choice" | "multiple_choice" | "yes_no" | "consent";
  required: boolean;
  options?: readonly string[];
  /** Number fields: the smallest and largest allowed value; text fields: the fewest and most characters. */
  min?: number;
  max?: number;
  /** Number fields: whole numbers only (an age, a count of hours). */
  integer?: boolean;
  /** Date fields: no date after today (a date of birth, a past treatment). */
  notAfterToday?: boolean;
}

export type AnswerValue = string | number | boolean | string[];

export const FORM_ANSWER_ERROR_CODES = [
  /** A required question without an answer. */
  "required",
  /** A key that is not a question of the form. */
  "unknown_field",
  /** The wrong kind of value: a number for a text, a string for yes/no... */
  "wrong_type",
  "too_short",
  "too_long",
  "too_small",
  "too_large",
  /** A fraction where the field takes whole numbers only. */
  "not_integer",
  /** Not a real calendar date written YYYY-MM-DD. */
  "invalid_date",
  /** A date after today where the field takes none (a date of birth). */
  "future_date",
  /** A choice that is not among the field's options. */
  "invalid_option",
  /** A required consent box not ticked. */
  "consent_required",
] as const;

export type FormAnswerErrorCode = (typeof FORM_ANSWER_ERROR_CODES)[number];

export interface FormAnswerError {
  key: string;
  code: FormAnswerErrorCode;
}

export type FormAnswerCheck =
  { ok: true; values: Record<string, AnswerValue> } | { ok: false; errors: [FormAnswerError, ...FormAnswerError[]] };

type FieldResult = { value: AnswerValue } | { code: FormAnswerErrorCode } | "no_answer";

/**
 * The last date that is today somewhere on Earth (UTC+14), YYYY-MM-DD. The client's time zone is unknown, so a
 * date counts as future only once it is future everywhere: a birth date of today, anywhere, is accepted.
 */
export function latestToday(now: Date): string {
  const LATEST_OFFSET_MS = 14 * 60 * 60 * 1000;
  return new Date(now.getTime() + LATEST_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * Every error of a set of answers, one per key, in the form's question order (unknown keys last); or the
 * values to store: texts trimmed, unanswered optional questions left out, multiple choices in option order.
 * `today` (see latestToday) bounds the dates of fields that refuse future ones.
 */
export function validateFormAnswers(
  fields: readonly AnswerableField[],
  answers: Readonly<Record<string, unknown>>,
  today: string,
): FormAnswerCheck {
  const values: Record<string, AnswerValue> = {};
  const errors: FormAnswerError[] = [];
  for (const field of fields) {
    const result = checkField(field, Object.hasOwn(answers, field.key) ? answers[field.key] : undefined, today);
    if (result === "no_answer") {
      if (field.required) errors.push({ key: field.key, code: "required" });
    } else if ("code" in result) {
      errors.push({ key: field.key, code: result.code });
    } else {
      values[field.key] = result.value;
    }
  }
  const known = new Set(fields.map((field) => field.key));
  for (const key of Object.keys(answers)) {
    if (!known.has(key)) errors.push({ key, code: "unknown_field" });
  }
  const [first, ...rest] = errors;
  return first ? { ok: false, errors: [first, ...rest] } : { ok: true, values };
}

function checkField(field: AnswerableField, value: unknown, today: string): FieldResult {
  if (value === undefined || value === null) {
    // An unticked required consent box is a refusal, whatever the browser sent for it.
    return field.type === "consent" && field.required ? { code: "consent_required" } : "no_answer";
  }
  switch (field.type) {
    case "text":
    case "long_text":
      return checkText(field, value);
    case "number":
      return checkNumber(field, value);
    case "date":
      return checkDate(field, value, today);
    case "single_choice":
      return checkSingleChoice(field, value);
    case "multiple_choice":
      return checkMultipleChoice(field, value);
    case "yes_no":
      return typeof value === "boolean" ? { value } : { code: "wrong_type" };
    case "consent":
      if (typeof value !== "boolean") return { code: "wrong_type" };
      return field.required && !value ? { code: "consent_required" } : { value };
  }
}

function checkText(field: AnswerableField, value: unknown): FieldResult {
  if (typeof value !== "string") return { code: "wrong_type" };
  const text = value.trim();
  if (text === "") return "no_answer";
  // Characters as people count them: an emoji or a letter outside the BMP is one, not two UTF-16 units.
  const length = [...text].length;
  if (field.min !== undefined && length < field.min) return { code: "too_short" };
  if (field.max !== undefined && length > field.max) return { code: "too_long" };
  return { value: text };
}

function checkNumber(field: AnswerableField, value: unknown): FieldResult {
  if (typeof value !== "number" || !Number.isFinite(value)) return { code: "wrong_type" };
  if (field.integer && !Number.isInteger(value)) return { code: "not_integer" };
  if (field.min !== undefined && value < field.min) return { code: "too_small" };
  if (field.max !== undefined && value > field.max) return { code: "too_large" };
  return { value };
}

/** True for a real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function checkDate(field: AnswerableField, value: unknown, today: string): FieldResult {
  if (typeof value !== "string") return { code: "wrong_type" };
  const date = value.trim();
  if (date === "") return "no_answer";
  if (!isCalendarDate(date)) return { code: "invalid_date" };
  // YYYY-MM-DD strings order as the dates do.
  return field.notAfterToday && date > today ? { code: "future_date" } : { value: date };
}

function checkSingleChoice(field: AnswerableField, value: unknown): FieldResult {
  if (typeof value !== "string") return { code: "wrong_type" };
  if (value === "") return "no_answer";
  return (field.options ?? []).includes(value) ? { value } : { code: "invalid_option" };
}

function checkMultipleChoice(field: AnswerableField, value: unknown): FieldResult {
  if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) return { code: "wrong_type" };
  if (value.length === 0) return "no_answer";
  const options = field.options ?? [];
  if (!value.every((item) => options.includes(item))) return { code: "invalid_option" };
  // A choice ticked twice is still one choice; kept in the order the business listed them.
  return { value: options.filter((option) => value.includes(option)) };
}
