/** The kinds of question a business can put in a form (issue 4: at least these). */
export const FORM_FIELD_TYPES = [
  "text",
  "long_text",
  "number",
  "date",
  "single_choice",
  "multiple_choice",
  "yes_no",
  "consent",
] as const;

export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** One question of a form, as the business wrote it (in the business's own language). */
export interface FormField {
  /** Stable within the form: answers are keyed by it. */
  key: string;
  type: FormFieldType;
  label: string;
  required: boolean;
  help?: string;
  /** The choices of single_choice and multiple_choice. */
  options?: string[];
  /** Bounds of number fields, and of text length for text fields. */
  min?: number;
  max?: number;
  /** Number fields: whole numbers only. */
  integer?: boolean;
  /** Date fields: no date after today (a date of birth). */
  notAfterToday?: boolean;
}

/** text, long_text, date (YYYY-MM-DD) and single_choice: string; number: number; yes_no and consent: boolean. */
export type FormAnswerValue = string | number | boolean | string[];

export type FormAnswerValues = Record<string, FormAnswerValue>;
