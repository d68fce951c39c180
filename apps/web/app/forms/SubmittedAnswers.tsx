import type { FormAnswerValue, FormField } from "@termin/contracts/form-fields";
import type { Language } from "@termin/domain/languages";
import type { Translate } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { formatCount, formatDate } from "../lib/format.ts";
import { useLanguage } from "../lib/use-language.ts";

/** Whether an answer is shown as written: the client's text or the business's choices, not words of the page. */
function ownWords(field: FormField, value: FormAnswerValue | undefined): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return typeof value === "string" && field.type !== "date";
}

/** An answer as a person reads it: dates and numbers in the page's language, yes/no in words. */
function readable(field: FormField, value: FormAnswerValue | undefined, t: Translate, language: Language): string {
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return t("forms.notAnswered");
  if (field.type === "consent") return value === true ? t("forms.consentGiven") : t("forms.consentNotGiven");
  if (typeof value === "boolean") return value ? t("forms.yes") : t("forms.no");
  if (typeof value === "number") return formatCount(value, language);
  if (Array.isArray(value)) return value.join(", ");
  return field.type === "date" ? formatDate(value, language, "long") : value;
}

/** The client's answers to a form, read-only, question by question. */
export function SubmittedAnswers(props: {
  fields: FormField[];
  values: Record<string, FormAnswerValue>;
  submittedAt: string;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return (
    <section className="submitted-answers" aria-labelledby="submitted-answers-title">
      <h2 id="submitted-answers-title">{t("forms.yourAnswers")}</h2>
      <p className="submitted-answers__date">
        {t("forms.submittedOn", { date: formatDate(props.submittedAt, language) })}
      </p>
      <dl>
        {props.fields.map((field) => (
          <div key={field.key} className="submitted-answers__item">
            <dt translate="no">{field.label}</dt>
            <dd translate={ownWords(field, props.values[field.key]) ? "no" : undefined}>
              {readable(field, props.values[field.key], t, language)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
