import { Link } from "react-router";
import type { Route } from "./+types/verify-email";
import { ApiError } from "../api/client.ts";
import { safeReturnPath } from "../account/redirects.ts";
import { serverApiClient } from "../api/server-client.server.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { publicConfig } from "../lib/config.server.ts";
import { pageLanguage } from "../lib/language.server.ts";
import { serverT } from "../lib/server-i18n.ts";
import { startUpResult } from "../lib/viewer.server.ts";
import { RouteErrorPage } from "../ui/RouteErrorPage.tsx";
import { useMoveFocus } from "../ui/use-move-focus.ts";

/**
 * The e-mailed verification link lands here and is confirmed at once: opening the link is the proof.
 * (A mail scanner that opens it too only proves the same mailbox received it.) Without a link, a new client
 * arrives here from sign-up and is told where the mail went, then continues to the page they were heading for.
 */
export async function loader({ request, params, url, context }: Route.LoaderArgs) {
  const language = pageLanguage(request, params.lang);
  const t = serverT(context);
  const title = `${t("verifyEmail.title")} · ${publicConfig.appName}`;
  const continueTo = safeReturnPath(url.searchParams.get("redirectTo"), `/${language}/home`);
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

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex" }] : [];

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  // Arriving from sign-up, the reader's button is gone: they start at what the page says about their e-mail.
  const message = useMoveFocus<HTMLParagraphElement>(loaderData.state);
  return (
    <div className="page page--narrow account-page">
      <h1>{t("verifyEmail.title")}</h1>
      {loaderData.state === "failed" ? (
        <p className="form-alert" role="alert" tabIndex={-1} ref={message}>
          {t("account.errors.linkExpired")}
        </p>
      ) : (
        <p className="form-note" role="status" tabIndex={-1} ref={message}>
          {loaderData.state === "mailed"
            ? t("verifyEmail.mailed", { email: loaderData.email ?? "" })
            : t("verifyEmail.done")}
        </p>
      )}
      <Link className="button" to={loaderData.continueTo}>
        {t("verifyEmail.continue")}
      </Link>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
