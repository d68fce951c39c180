import { Form, Link, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/sign-in";
import { ApiError } from "../api/client.ts";
import { serverApiClient } from "../api/server-client.server.ts";
import { safeReturnPath } from "../account/redirects.ts";
import { BookingWaitsNote } from "../account/BookingWaitsNote.tsx";
import { SocialSignIn, SocialSignInError } from "../account/SocialSignIn.tsx";
import { redirectSignedIn } from "../account/sign-in-session.server.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { publicConfig } from "../lib/config.server.ts";
import { pageLanguage } from "../lib/language.server.ts";
import { serverT } from "../lib/server-i18n.ts";
import type { TokenResponse } from "../lib/session-cookie.server.ts";
import { startUpResult } from "../lib/viewer.server.ts";
import { useLanguage } from "../lib/use-language.ts";
import { Field, FormAlert } from "../ui/form/Field.tsx";
import { RouteErrorPage } from "../ui/RouteErrorPage.tsx";
import { SubmitButton } from "../ui/SubmitButton.tsx";
import { sitePathOf } from "../lib/site.server.ts";

export function loader({ request, params, url, context }: Route.LoaderArgs) {
  const language = pageLanguage(request, params.lang);
  const returnTo = safeReturnPath(url.searchParams.get("redirectTo"), sitePathOf(request, language, "home"));
  // Already signed in: nothing to do here.
  if (startUpResult(context).viewer) throw redirect(returnTo);
  const t = serverT(context);
  return {
    title: `${t("signIn.title")} · ${publicConfig.appName}`,
    returnTo,
    passwordChanged: url.searchParams.get("notice") === "password-changed",
  };
}

export async function action({ request, params, url, context }: Route.ActionArgs) {
  const language = pageLanguage(request, params.lang);
  const t = serverT(context);
  const form = await request.formData();
  const email = String(form.get("email") ?? "").trim();
  const password = String(form.get("password") ?? "");
  const returnTo = safeReturnPath(form.get("redirectTo"), sitePathOf(request, language, "home"));
  if (!email || !password) return data({ error: t("signIn.missing"), email }, { status: 400 });
  try {
    const tokens = await serverApiClient(request, url, language).post<TokenResponse>("/auth/token", {
      grant_type: "password",
      username: email,
      password,
    });
    return redirectSignedIn(request, tokens, returnTo);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    const message = error.status === 429 ? t("account.errors.tooManyAttempts") : t("signIn.wrongCredentials");
    return data({ error: message, email }, { status: error.status });
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex" }] : [];

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to } = useLanguage();
  const pending = useNavigation().state === "submitting";
  const withReturn = (path: string) => `${to(path)}?${new URLSearchParams({ redirectTo: loaderData.returnTo })}`;
  return (
    <div className="page page--narrow account-page">
      <h1>{t("signIn.title")}</h1>
      <BookingWaitsNote returnTo={loaderData.returnTo} />
      <SocialSignInError />
      {loaderData.passwordChanged ? <p className="form-note">{t("signIn.passwordChanged")}</p> : null}
      <Form method="post" className="form-stack">
        <FormAlert message={actionData?.error} />
        <input type="hidden" name="redirectTo" value={loaderData.returnTo} />
        <Field
          label={t("account.email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={actionData?.email}
        />
        <Field label={t("account.password")} name="password" type="password" autoComplete="current-password" required />
        <SubmitButton className="button" pending={pending}>
          {t("signIn.submit")}
        </SubmitButton>
      </Form>
      <SocialSignIn redirectTo={loaderData.returnTo} />
      <p>
        <Link to={withReturn("forgot-password")}>{t("signIn.forgotPassword")}</Link>
      </p>
      <p>
        {t("signIn.noAccount")} <Link to={withReturn("sign-up")}>{t("signUp.title")}</Link>
      </p>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
