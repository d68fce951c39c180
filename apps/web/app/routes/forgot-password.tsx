import { Form, data, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { ApiError } from "../api/client.ts";
import { serverApiClient } from "../api/server-client.server.ts";
import { accountFormErrors } from "../account/account-errors.ts";
import { BotCheck } from "../account/BotCheck.tsx";
import { TURNSTILE_RESPONSE_FIELD } from "../account/turnstile.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { publicConfig } from "../lib/config.server.ts";
import { pageLanguage } from "../lib/language.server.ts";
import { serverT } from "../lib/server-i18n.ts";
import { Field, FormAlert } from "../ui/form/Field.tsx";
import { RouteErrorPage } from "../ui/RouteErrorPage.tsx";
import { SubmitButton } from "../ui/SubmitButton.tsx";

export function loader({ context }: Route.LoaderArgs) {
  const t = serverT(context);
  return { title: `${t("forgotPassword.title")} · ${publicConfig.appName}` };
}

/** Asks for a reset link. The answer is the same whether or not an account has that e-mail. */
export async function action({ request, params, url, context }: Route.ActionArgs) {
  const language = pageLanguage(request, params.lang);
  const form = await request.formData();
  const email = String(form.get("email") ?? "").trim();
  try {
    await serverApiClient(request, url, language).post("/auth/password-reset", {
      email,
      bot_check_token: String(form.get(TURNSTILE_RESPONSE_FIELD) ?? "") || undefined,
    });
    return { sent: true as const, email };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    return data({ sent: false as const, email, errors: accountFormErrors(error, serverT(context)) }, { status: 400 });
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex" }] : [];

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const pending = useNavigation().state === "submitting";
  if (actionData?.sent) {
    return (
      <div className="page page--narrow account-page">
        <h1>{t("forgotPassword.title")}</h1>
        <p className="form-note" role="status">
          {t("forgotPassword.sent", { email: actionData.email })}
        </p>
      </div>
    );
  }
  const errors = actionData?.errors;
  return (
    <div className="page page--narrow account-page">
      <h1>{t("forgotPassword.title")}</h1>
      <p>{t("forgotPassword.lead")}</p>
      <Form method="post" className="form-stack">
        <FormAlert message={errors?.form} />
        <Field
          label={t("account.email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={actionData?.email}
          error={errors?.fields.email}
        />
        {/* A Turnstile token is good for one check: a new widget after each answer from the server. */}
        <BotCheck resetKey={actionData} />
        <SubmitButton className="button" pending={pending}>
          {t("forgotPassword.submit")}
        </SubmitButton>
      </Form>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
