import { describe, expect, it } from "vitest";
import type { FormField } from "@termin/contracts/form-fields";
import type { ErrorObject } from "@termin/contracts/jsonapi";
import en from "../i18n/locales/en.json";
import de from "../i18n/locales/de.json";
import { createI18n } from "../i18n/i18n.ts";
import { answerErrorsFrom } from "./answer-errors.ts";

const fields: FormField[] = [
  { key: "name", type: "text", label: "Name", required: true, min: 2, max: 20 },
  { key: "age", type: "number", label: "Age", required: true, min: 1000, max: 5000 },
  { key: "a/b", type: "consent", label: "Consent", required: true },
];

const error = (pointer: string, reason?: string): ErrorObject => ({
  status: "422",
  code: "invalid_answer",
  detail: "English detail",
  source: { pointer },
  ...(reason ? { meta: { reason } } : {}),
});

describe("answerErrorsFrom", () => {
  const { t } = createI18n("en", en);

  it("words each reason at its question with the question's limits", () => {
    const errors = answerErrorsFrom(
      [
        error("/data/attributes/values/name", "too_short"),
        error("/data/attributes/values/age", "too_large"),
        error("/data/attributes/values/a~1b", "consent_required"),
      ],
      fields,
      t,
      "en",
    );
    expect(errors).toEqual({
      fields: {
        name: "Write at least 2 characters.",
        age: "Enter a number no larger than 5,000.",
        "a/b": "Tick this box to continue.",
      },
      form: undefined,
    });
  });

  it("speaks the page's language, numbers included", () => {
    const german = createI18n("de", de);
    const errors = answerErrorsFrom([error("/data/attributes/values/age", "too_small")], fields, german.t, "de");
    expect(errors.fields.age).toBe("Geben Sie eine Zahl ab 1.000 ein.");
  });

  it("keeps errors without a question of the form for the form as a whole, and unknown reasons generic", () => {
    const errors = answerErrorsFrom(
      [
        error("/data/relationships/form"),
        error("/data/attributes/values/nickname", "unknown_field"),
        error("/data/attributes/values/name", "something_new"),
      ],
      fields,
      t,
      "en",
    );
    expect(errors).toEqual({
      fields: { name: "This answer is not valid." },
      form: "Your answers could not be sent. Please try again.",
    });
  });
});
