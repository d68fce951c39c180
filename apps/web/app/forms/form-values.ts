import type { FormField } from "@termin/contracts/form-fields";

/** What the browser posted for each question, as posted: shown again, unchanged, beside any errors. */
export type PostedAnswers = Record<string, string | string[]>;

/** The posted value of each question of the form (and nothing else the post may carry). */
export function postedAnswers(form: FormData, fields: readonly FormField[]): PostedAnswers {
  return Object.fromEntries(
    fields.map((field) => {
      if (field.type === "multiple_choice") return [field.key, form.getAll(field.key).map(String)];
      const value = form.get(field.key);
      return [field.key, typeof value === "string" ? value : ""];
    }),
  );
}

/**
 * The answers as the API takes them: numbers and yes/no typed, an unticked consent box false, empty
 * answers left out. A value the browser should not have sent (a word in a number field) goes as it is,
 * so the API names the problem at that field.
 */
export function answersFor(posted: PostedAnswers, fields: readonly FormField[]): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const field of fields) {
    const value = posted[field.key];
    if (field.type === "multiple_choice") {
      if (Array.isArray(value) && value.length > 0) answers[field.key] = value;
      continue;
    }
    const text = typeof value === "string" ? value : "";
    if (field.type === "consent") {
      answers[field.key] = text === "on";
      continue;
    }
    if (text.trim() === "") continue;
    if (field.type === "number") {
      const number = Number(text);
      answers[field.key] = Number.isFinite(number) ? number : text;
    } else if (field.type === "yes_no") {
      answers[field.key] = text === "yes" ? true : text === "no" ? false : text;
    } else {
      answers[field.key] = text;
    }
  }
  return answers;
}
