import { formAnswers } from "@termin/db/account-schema";
import { latestToday, validateFormAnswers } from "@termin/domain/form-answers";
import { AppError } from "../../http/app-error.ts";
import type { SiteReader } from "../../sites/read-context.ts";
import { findForm, noSuchForm } from "../forms/list-forms.ts";
import { answerErrors } from "./answer-error-messages.ts";
import type { FormAnswerRow } from "./list-form-answers.ts";

const UNIQUE_VIOLATION = "23505";

function alreadyAnswered(): AppError {
  return new AppError("conflict", "You have already sent your answers to this form; they cannot be changed.", {
    pointer: "/data/relationships/form",
  });
}

/**
 * Stores a client's answers to a form sent to them: once, and only when every answer fits its question.
 * Answers that do not fit come back as one error per field, nothing stored. On one business's site, another
 * business's form is not found.
 */
export async function submitFormAnswer(
  options: SiteReader & {
    clientId: string;
    formId: string;
    values: Record<string, unknown>;
  },
): Promise<{ answer: FormAnswerRow } | { errors: [AppError, ...AppError[]] }> {
  const { db, clientId, formId } = options;
  const form = await findForm(options, clientId, formId);
  if (!form) throw noSuchForm(formId);
  if (form.answerId !== null) throw alreadyAnswered();
  const check = validateFormAnswers(form.fields, options.values, latestToday(new Date()));
  if (!check.ok) return { errors: answerErrors(check.errors, form.fields) };
  try {
    const [answer] = await db
      .insert(formAnswers)
      .values({ formRequestId: form.id, clientId, values: check.values })
      .returning({
        id: formAnswers.id,
        formRequestId: formAnswers.formRequestId,
        values: formAnswers.values,
        submittedAt: formAnswers.submittedAt,
      });
    if (!answer) throw new Error("An insert with returning answers its row.");
    return { answer };
  } catch (error) {
    // Two submissions at once: the database's one-answer-per-form rule lets only the first in.
    if ((error as { cause?: { code?: string } }).cause?.code === UNIQUE_VIOLATION) throw alreadyAnswered();
    throw error;
  }
}
