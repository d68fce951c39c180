import { Form, Link, data, redirect, useNavigation } from "react-router";
import { NewPasswordField } from "../account/NewPasswordField.tsx";
import type { Route } from "./+types/sign-up";
import { ApiError } from "../api/client.ts";
import { serverApiClient } from "../api/server-client.server.ts";
import { accountFormErrors } from "../account/account-errors.ts";
import { BotCheck } from "../account/BotCheck.tsx";
import { TURNSTILE_RESPONSE_FIELD } from "../account/turnstile.ts";
import { PhoneFields, type PhoneCountryOption } from "../account/PhoneFields.tsx";
import { loadPhoneCountries } from "../account/phone-countries.ts";
import { safeReturnPath } from "../account/redirects.ts";
import { redirectSignedIn } from "../account/sign-in-session.server.ts";
import { SocialSignIn } from "../account/SocialSignIn.tsx";
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

export async function loader({ request, params, url, context }: Route.LoaderArgs) {
  const language = pageLanguage(request, params.lang);
  const returnTo = safeReturnPath(url.searchParams.get("redirectTo"), sitePathOf(request, language, "home"));
  if (startUpResult(context).viewer) throw redirect(returnTo);
  const t = serverT(context);
  const countries: PhoneCountryOption[] = await loadPhoneCountries(serverApiClient(request, url, language));
  return { title: `${t("signUp.title")} · ${publicConfig.appName}`, returnTo, countries };
}

export async function action({ request, params, url, context }: Route.ActionArgs) {
  const language = pageLanguage(request, params.lang);
  const t = serverT(context);
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const values = {
    first_name: text("first_name"),
    last_name: text("last_name"),
    email: text("email"),
    phone: text("phone"),
    phone_country: text("phone_country"),
  };
  const returnTo = safeReturnPath(form.get("redirectTo"), sitePathOf(request, language, "home"));
  try {
    const tokens = await serverApiClient(request, url, language).post<TokenResponse>("/auth/sign-up", {
      ...values,
      ...(values.phone ? {} : { phone: undefined, phone_country: undefined }),
      password: String(form.get("password") ?? ""),
      language,
      // Cloudflare Turnstile's widget fills this field when the bot check is on.
      bot_check_token: text(TURNSTILE_RESPONSE_FIELD) || undefined,
    });
    // Signed in, the new client first reads that a confirmation mail is on its way, then goes on to returnTo.
    return redirectSignedIn(
      request,
      tokens,
      sitePathOf(request, language, `verify-email?${new URLSearchParams({ redirectTo: returnTo })}`),
    );
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    return data({ errors: accountFormErrors(error, t), values }, { status: error.status });
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to } = useLanguage();
  const pending = useNavigation().state === "submitting";
  const errors = actionData?.errors.fields ?? {};
  const values = actionData?.values;
  return (
    <div className="page page--narrow account-page">
      <h1>{t("signUp.title")}</h1>
      <p>{t("signUp.lead")}</p>
      <Form method="post" className="form-stack">
        <FormAlert message={actionData?.errors.form} />
        <input type="hidden" name="redirectTo" value={loaderData.returnTo} />
        <Field
          label={t("account.firstName")}
          name="first_name"
          autoComplete="given-name"
          required
          maxLength={100}
          defaultValue={values?.first_name}
          error={errors.first_name}
        />
        <Field
          label={t("account.lastName")}
          name="last_name"
          autoComplete="family-name"
          required
          maxLength={100}
          defaultValue={values?.last_name}
          error={errors.last_name}
        />
        <Field
          label={t("account.email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={values?.email}
          error={errors.email}
        />
        <NewPasswordField label={t("account.password")} name="password" error={errors.password} />
        <PhoneFields
          countries={loaderData.countries}
          defaultCountry={values?.phone_country}
          defaultPhone={values?.phone}
          error={errors.phone ?? errors.phone_country}
        />
        {/* A Turnstile token is good for one check: a new widget after each answer from the server. */}
        <BotCheck resetKey={actionData} />
        <SubmitButton className="button" pending={pending}>
          {t("signUp.submit")}
        </SubmitButton>
      </Form>
      <SocialSignIn redirectTo={loaderData.returnTo} />
      <p>
        {t("signUp.haveAccount")}{" "}
        <Link to={`${to("sign-in")}?${new URLSearchParams({ redirectTo: loaderData.returnTo })}`}>
          {t("signIn.title")}
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
