import { useEffect, useRef } from "react";
import { Form, Link, data, redirect, useNavigation } from "react-router";
import type { FormAnswerCreateDocument } from "@termin/contracts/form-resources";
import { latestToday } from "@termin/domain/form-answers";
import type { Route } from "./+types/forms-detail";
import { ApiError } from "../api/client.ts";
import { answerErrorsFrom, type AnswerErrors } from "../forms/answer-errors.ts";
import { fetchClientForm } from "../forms/client-form.ts";
import { DELIVERY_TYPE_LABELS } from "../forms/delivery-types.ts";
import { answersFor, postedAnswers, type PostedAnswers } from "../forms/form-values.ts";
import { FormStatusBadge } from "../forms/FormStatusBadge.tsx";
import { useMoveFocus } from "../ui/use-move-focus.ts";
import { QuestionField } from "../forms/QuestionField.tsx";
import { SubmittedAnswers } from "../forms/SubmittedAnswers.tsx";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { formatDate } from "../lib/format.ts";
import { useLanguage } from "../lib/use-language.ts";
import { clientPageEnv } from "../page-data/client-env.ts";
import type { PageEnv } from "../page-data/page-env.ts";
import { serverPageEnv } from "../page-data/server-env.server.ts";
import { FormAlert } from "../ui/form/Field.tsx";
import { RouteErrorPage } from "../ui/RouteErrorPage.tsx";
import { SubmitButton } from "../ui/SubmitButton.tsx";
import "../forms/client-forms.css";

/** One form sent to the signed-in client (login required): its questions, else the answers they sent. */
async function load(env: PageEnv<Route.LoaderArgs["params"]>) {
  const { api } = env.requireViewer();
  const form = await fetchClientForm(api, env.params.formId);
  const flash = env.sentFlash.take();
  return data(
    {
      title: `${form.name} · ${env.t("forms.title")} · ${env.config.appName}`,
      form,
      today: latestToday(new Date()),
      justSent: flash.value === form.id && form.answer !== null,
    },
    { headers: flash.headers },
  );
}

export const loader = (args: Route.LoaderArgs) => load(serverPageEnv(args));
export const clientLoader = async (args: Route.ClientLoaderArgs) => load(await clientPageEnv(args));

/** Sends the answers to the API; its 422 errors come back to each question, with what was posted. */
async function act(env: PageEnv<Route.ActionArgs["params"]>, submitted: FormData) {
  const { t, language, url } = env;
  const { api } = env.requireViewer();
  const form = await fetchClientForm(api, env.params.formId);
  const posted = postedAnswers(submitted, form.fields);
  const document: FormAnswerCreateDocument = {
    data: {
      type: "form-answers",
      attributes: { values: answersFor(posted, form.fields) },
      relationships: { form: { data: { type: "forms", id: form.id } } },
    },
  };
  try {
    await api.post("form-answers", document);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    const errors: AnswerErrors =
      error.status === 409
        ? { fields: {}, form: t("forms.errors.alreadySubmitted") }
        : answerErrorsFrom(error.errors, form.fields, t, language);
    return data({ errors, posted }, { status: error.status });
  }
  // To the plain address, so a reload shows the answers without sending them again or thanking twice.
  throw redirect(url.pathname, { headers: env.sentFlash.leave(form.id) });
}

export const action = async (args: Route.ActionArgs) => act(serverPageEnv(args), await args.request.formData());
export const clientAction = async (args: Route.ClientActionArgs) =>
  act(await clientPageEnv(args), await args.request.formData());

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex" }] : [];

export default function FormDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language, to } = useLanguage();
  const { form, justSent, today } = loaderData;
  // The form the reader sent is gone: they land on the thanks that replaced it.
  const thanks = useMoveFocus<HTMLParagraphElement>(justSent || null);
  return (
    <div className="page page--narrow client-form">
      <p>
        <Link to={to("forms")}>{t("forms.back")}</Link>
      </p>
      {/* The form's name is the business's words, in its language, which the API does not say. */}
      <h1 translate="no">{form.name}</h1>
      <p className="client-form__meta">
        {form.business ? (
          <Link to={to(`business/${form.business.slug}`)} translate="no">
            {form.business.name}
          </Link>
        ) : null}
        <span>{t("forms.sentOn", { date: formatDate(form.sentAt, language) })}</span>
        <span>{t(DELIVERY_TYPE_LABELS[form.deliveryType])}</span>
        <FormStatusBadge status={form.status} />
      </p>
      {form.answer ? (
        <>
          {justSent ? (
            <p className="form-note" role="status" tabIndex={-1} ref={thanks}>
              {t("forms.sentConfirmation", { business: form.business?.name ?? "" })}
            </p>
          ) : null}
          <FormAlert message={actionData?.errors.form} />
          <SubmittedAnswers fields={form.fields} values={form.answer.values} submittedAt={form.answer.submittedAt} />
        </>
      ) : (
        <AnswerForm fields={form.fields} errors={actionData?.errors} posted={actionData?.posted} today={today} />
      )}
    </div>
  );
}

function AnswerForm(props: {
  fields: Route.ComponentProps["loaderData"]["form"]["fields"];
  errors: AnswerErrors | undefined;
  posted: PostedAnswers | undefined;
  today: string;
}) {
  const { t } = useTranslation();
  const pending = useNavigation().state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  const fieldErrors = props.errors?.fields ?? {};
  const hasFieldErrors = Object.keys(fieldErrors).length > 0;

  // After a rejected submission, take the person to the first question to fix.
  useEffect(() => {
    if (!props.errors) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [props.errors]);

  return (
    // The server checks every answer and words the errors itself: the browser's own checks stay out of the way.
    <Form method="post" noValidate ref={formRef} className="form-stack client-form__form">
      <FormAlert message={props.errors?.form ?? (hasFieldErrors ? t("forms.errors.summary") : undefined)} />
      <p className="field__hint">{t("forms.requiredNote")}</p>
      {props.fields.map((field) => (
        <QuestionField
          key={field.key}
          field={field}
          value={props.posted?.[field.key]}
          error={fieldErrors[field.key]}
          today={props.today}
        />
      ))}
      <SubmitButton className="button" pending={pending}>
        {t("forms.submit")}
      </SubmitButton>
    </Form>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
