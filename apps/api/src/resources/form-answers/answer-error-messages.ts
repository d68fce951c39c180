import { formAnswerPointer } from "@termin/contracts/form-resources";
import type { FormField } from "@termin/contracts/form-fields";
import type { FormAnswerError } from "@termin/domain/form-answers";
import { AppError } from "../../http/app-error.ts";

const WRONG_TYPE: Record<FormField["type"], string> = {
  text: "Write the answer as text.",
  long_text: "Write the answer as text.",
  number: "Give a number.",
  date: "Give a date as YYYY-MM-DD.",
  single_choice: "Choose one of the options.",
  multiple_choice: "Give the chosen options as a list.",
  yes_no: "Answer yes (true) or no (false).",
  consent: "Answer with true (ticked) or false.",
};

function sentence(error: FormAnswerError, field: FormField | undefined): string {
  if (!field) return `This form has no question "${error.key}".`;
  switch (error.code) {
    case "required":
      return "Please answer this question.";
    case "unknown_field":
      return `This form has no question "${error.key}".`;
    case "wrong_type":
      return WRONG_TYPE[field.type];
    case "too_short":
      return `Write at least ${field.min} characters.`;
    case "too_long":
      return `Write at most ${field.max} characters.`;
    case "too_small":
      return `Give a number of at least ${field.min}.`;
    case "too_large":
      return `Give a number of at most ${field.max}.`;
    case "not_integer":
      return "Give a whole number.";
    case "invalid_date":
      return "Give a real calendar date as YYYY-MM-DD.";
    case "future_date":
      return "Give a date that is not in the future.";
    case "invalid_option":
      return `Choose from: ${(field.options ?? []).join(", ")}.`;
    case "consent_required":
      return "Tick this box to give your consent; the form cannot be sent without it.";
  }
}

/**
 * One 422 `invalid_answer` per bad answer, pointing at it, with the reason code in `meta.reason` for apps that word
 * it themselves. The detail names the question; in English it says what to change, in other languages that the
 * answer is not valid.
 */
export function answerErrors(
  errors: readonly [FormAnswerError, ...FormAnswerError[]],
  fields: readonly FormField[],
): [AppError, ...AppError[]] {
  const toError = (error: FormAnswerError) => {
    const field = fields.find((candidate) => candidate.key === error.key);
    const english = field ? `${field.label}: ${sentence(error, field)}` : sentence(error, field);
    const message = field
      ? { key: "invalid_answer_field" as const, values: { field: field.label }, english }
      : { key: "invalid_answer" as const, english };
    return new AppError(
      "invalid_answer",
      message,
      { pointer: formAnswerPointer(error.key) },
      {},
      { reason: error.code },
    );
  };
  const [first, ...more] = errors;
  return [toError(first), ...more.map(toError)];
}
