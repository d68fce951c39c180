import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/verify-email";
import { ApiError } from "../api/client.ts";
import { safeReturnPath } from "../account/redirects.ts";
import { serverApiClient } from "../api/server-client.server.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { publicConfig } from "../lib/config.server.ts";
import { pageLanguage } from "../lib/language.server.ts";
import { serverT } from "../lib/server-i18n.ts";
import { requireViewer, startUpResult } from "../lib/viewer.server.ts";
import { RouteErrorPage } from "../ui/RouteErrorPage.tsx";
import { SubmitButton } from "../ui/SubmitButton.tsx";
import { useMoveFocus } from "../ui/use-move-focus.ts";
import { sitePathOf } from "../lib/site.server.ts";

/**
 * The e-mailed verification link lands here and is confirmed at once: opening the link is the proof.
 * (A mail scanner that opens it too only proves the same mailbox received it.) Without a link, a new client
 * arrives here from sign-up and is told where the mail went, then continues to the page they were heading for;
 * a mail that did not come can be sent again (the API allows a few an hour).
 */
export async function loader({ request, params, url, context }: Route.LoaderArgs) {
  const language = pageLanguage(request, params.lang);
  const t = serverT(context);
  const title = `${t("verifyEmail.title")} · ${publicConfig.appName}`;
  const continueTo = safeReturnPath(url.searchParams.get("redirectTo"), sitePathOf(request, language, "home"));
  const token = url.searchParams.get("token");
  const { viewer } = startUpResult(context);
  if (!token && viewer) return { title, continueTo, state: "mailed" as const, email: viewer.email };
  try {
    await serverApiClient(request, url, language).post("/auth/email-verification/confirm", { token: token ?? "" });
    return { title, continueTo, state: "verified" as const, email: null };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    return { title, continueTo, state: "failed" as const, email: null };
  }
}

/** Sends the signed-in client a new confirmation link. */
export async function action({ request, params, url, context }: Route.ActionArgs) {
  const language = pageLanguage(request, params.lang);
  const { api } = requireViewer({ request, url, language, context });
  try {
    await api.post("/auth/email-verification", {});
    return { resent: "sent" as const };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    const t = serverT(context);
    if (error.status === 409) return { resent: "confirmed" as const };
    const problem = error.status === 429 ? t("account.errors.tooManyAttempts") : t("verifyEmail.resendFailed");
    return data({ resent: "refused" as const, problem }, { status: error.status === 429 ? 429 : 400 });
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex" }] : [];

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const pending = useNavigation().state === "submitting";
  // Arriving from sign-up, the reader's button is gone: they start at what the page says about their e-mail;
  // after asking for another mail, at what the page says about that one.
  const message = useMoveFocus<HTMLParagraphElement>(actionData ?? loaderData.state);
  const email = loaderData.email ?? "";
  let note: { text: string; alert: boolean };
  if (loaderData.state === "failed") note = { text: t("account.errors.linkExpired"), alert: true };
  else if (loaderData.state === "verified") note = { text: t("verifyEmail.done"), alert: false };
  else if (actionData?.resent === "sent") note = { text: t("verifyEmail.resent", { email }), alert: false };
  else if (actionData?.resent === "confirmed") note = { text: t("verifyEmail.alreadyConfirmed"), alert: false };
  else if (actionData?.resent === "refused") note = { text: actionData.problem, alert: true };
  else note = { text: t("verifyEmail.mailed", { email }), alert: false };
  const canResend = loaderData.state === "mailed" && actionData?.resent !== "confirmed";
  return (
    <div className="page page--narrow account-page">
      <h1>{t("verifyEmail.title")}</h1>
      <div className="account-page__body">
        <p
          className={note.alert ? "form-alert" : "form-note"}
          role={note.alert ? "alert" : "status"}
          tabIndex={-1}
          ref={message}
        >
          {note.text}
        </p>
        <div className="account-page__actions">
          <Link className="button" to={loaderData.continueTo}>
            {t("verifyEmail.continue")}
          </Link>
          {canResend ? (
            <Form method="post">
              <SubmitButton className="button button--secondary" pending={pending}>
                {t("verifyEmail.resend")}
              </SubmitButton>
            </Form>
          ) : null}
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
