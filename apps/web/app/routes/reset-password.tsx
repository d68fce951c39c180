import { Form, Link, data, redirect, useNavigation } from "react-router";
import { NewPasswordField } from "../account/NewPasswordField.tsx";
import type { Route } from "./+types/reset-password";
import { ApiError } from "../api/client.ts";
import { serverApiClient } from "../api/server-client.server.ts";
import { accountFormErrors } from "../account/account-errors.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { publicConfig } from "../lib/config.server.ts";
import { pageLanguage } from "../lib/language.server.ts";
import { serverT } from "../lib/server-i18n.ts";
import { useLanguage } from "../lib/use-language.ts";
import { FormAlert } from "../ui/form/Field.tsx";
import { RouteErrorPage } from "../ui/RouteErrorPage.tsx";
import { SubmitButton } from "../ui/SubmitButton.tsx";

/** Checks the link before anything is typed: a spent or expired one says so at once, without a form. */
export async function loader({ request, params, url, context }: Route.LoaderArgs) {
  const t = serverT(context);
  const title = `${t("resetPassword.title")} · ${publicConfig.appName}`;
  const token = url.searchParams.get("token") ?? "";
  if (!token) return { title, token, usable: false };
  try {
    await serverApiClient(request, url, pageLanguage(request, params.lang)).post("/auth/password-reset/check", {
      token,
    });
    return { title, token, usable: true };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    return { title, token, usable: false };
  }
}

/** Sets the new password from the e-mailed link; every device is signed out, so the client signs in again. */
export async function action({ request, params, url, context }: Route.ActionArgs) {
  const language = pageLanguage(request, params.lang);
  const form = await request.formData();
  try {
    await serverApiClient(request, url, language).post("/auth/password-reset/confirm", {
      token: String(form.get("token") ?? ""),
      password: String(form.get("password") ?? ""),
    });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    return data({ errors: accountFormErrors(error, serverT(context)) }, { status: error.status });
  }
  return redirect(`/${language}/sign-in?notice=password-changed`);
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex" }] : [];

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to } = useLanguage();
  const pending = useNavigation().state === "submitting";
  const errors = actionData?.errors;
  const linkExpired = errors?.fields.token !== undefined || !loaderData.usable;
  return (
    <div className="page page--narrow account-page">
      <h1>{t("resetPassword.title")}</h1>
      {linkExpired ? (
        <p className="form-alert" role="alert">
          {t("account.errors.linkExpired")} <Link to={to("forgot-password")}>{t("resetPassword.askAgain")}</Link>
        </p>
      ) : (
        <Form method="post" className="form-stack">
          <FormAlert message={errors?.form} />
          <input type="hidden" name="token" value={loaderData.token} />
          <NewPasswordField label={t("resetPassword.newPassword")} name="password" error={errors?.fields.password} />
          <SubmitButton className="button" pending={pending}>
            {t("resetPassword.submit")}
          </SubmitButton>
        </Form>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
