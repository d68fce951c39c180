import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import type { FormField } from "@termin/contracts/form-fields";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { FieldError } from "../ui/form/Field.tsx";

interface QuestionFieldProps {
  field: FormField;
  /** What was posted for it last time (kept after errors), else nothing. */
  value: string | string[] | undefined;
  error: string | undefined;
  /** The latest date a question that refuses future dates takes (YYYY-MM-DD), offered to the date picker. */
  today?: string;
}

/** The visible mark of a required question; assistive technology hears `required` on the control instead. */
function RequiredMark() {
  return (
    <span className="question__required" aria-hidden="true">
      {" *"}
    </span>
  );
}

/** The kind of input and its limits, which the keyboard and the date picker use (the server checks them). */
function inputProps(field: FormField, today: string | undefined): InputHTMLAttributes<HTMLInputElement> {
  switch (field.type) {
    case "number":
      return field.integer
        ? { type: "number", inputMode: "numeric", step: 1, min: field.min, max: field.max }
        : { type: "number", inputMode: "decimal", step: "any", min: field.min, max: field.max };
    case "date":
      return { type: "date", max: field.notAfterToday ? today : undefined };
    default:
      return { type: "text", maxLength: field.max };
  }
}

/**
 * One question of a business's form as an accessible control: a labelled input, or a fieldset with a legend
 * for a group of choices. Its help and error are tied to the control (aria-describedby) and an error marks it
 * aria-invalid, so the first invalid question can take the focus. The business's own words (question, help, choices)
 * are marked translate="no": they are in the business's language, which the API does not say, so they get no lang.
 */
export function QuestionField({ field, value, error, today }: QuestionFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const helpId = field.help ? `${id}-help` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [helpId, errorId].filter(Boolean).join(" ") || undefined;
  const invalid = error ? true : undefined;
  const text = typeof value === "string" ? value : "";
  const chosen = Array.isArray(value) ? value : [];
  const help = field.help ? (
    <p className="field__hint" id={helpId} translate="no">
      {field.help}
    </p>
  ) : null;
  const className = ["field", "question", error ? "field--invalid" : null].filter(Boolean).join(" ");
  const common = {
    name: field.key,
    required: field.required,
    "aria-invalid": invalid,
    "aria-describedby": describedBy,
  };

  const group = (
    kind: "radio" | "checkbox",
    options: Array<{ value: string; label: string; businessWritten: boolean }>,
    extra?: ReactNode,
  ) => (
    <fieldset className={`${className} question--group`}>
      <legend className="field__label">
        <span translate="no">{field.label}</span>
        {field.required ? <RequiredMark /> : null}
        {extra}
      </legend>
      {help}
      {options.map((option) => (
        <label className="check" key={option.value}>
          <input
            type={kind}
            value={option.value}
            defaultChecked={kind === "radio" ? text === option.value : chosen.includes(option.value)}
            {...common}
            // A checkbox group has no native "required"; its legend says so instead.
            required={kind === "radio" ? field.required : undefined}
          />
          <span translate={option.businessWritten ? "no" : undefined}>{option.label}</span>
        </label>
      ))}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );

  switch (field.type) {
    case "single_choice":
      return group(
        "radio",
        (field.options ?? []).map((option) => ({ value: option, label: option, businessWritten: true })),
      );
    case "yes_no":
      return group("radio", [
        { value: "yes", label: t("forms.yes"), businessWritten: false },
        { value: "no", label: t("forms.no"), businessWritten: false },
      ]);
    case "multiple_choice":
      return group(
        "checkbox",
        (field.options ?? []).map((option) => ({ value: option, label: option, businessWritten: true })),
        field.required ? <span className="visually-hidden"> ({t("forms.requiredLabel")})</span> : null,
      );
    case "consent":
      return (
        <div className={className}>
          <label className="check">
            <input type="checkbox" id={id} defaultChecked={text === "on"} {...common} />
            <span>
              <span translate="no">{field.label}</span>
              {field.required ? <RequiredMark /> : null}
            </span>
          </label>
          {help}
          <FieldError id={errorId} message={error} />
        </div>
      );
    default:
      return (
        <div className={className}>
          <label className="field__label" htmlFor={id}>
            <span translate="no">{field.label}</span>
            {field.required ? <RequiredMark /> : null}
          </label>
          {help}
          {field.type === "long_text" ? (
            <textarea id={id} rows={4} defaultValue={text} maxLength={field.max} {...common} />
          ) : (
            <input id={id} className="field__input" defaultValue={text} {...common} {...inputProps(field, today)} />
          )}
          <FieldError id={errorId} message={error} />
        </div>
      );
  }
}
