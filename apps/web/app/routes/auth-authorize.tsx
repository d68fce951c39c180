import { useEffect } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/auth-authorize";
import { authorizeParameters, authorizeStep, type AuthorizePage } from "../account/oauth-authorize.server.ts";
import type { OAuthScope } from "@termin/contracts/oauth";
import { useTranslation } from "../i18n/i18n-context.tsx";
import type { TranslationKey } from "../i18n/i18n.ts";
import { pageLanguage } from "../lib/language.server.ts";
import { useLanguage, useRootData } from "../lib/use-language.ts";
import { RouteErrorPage } from "../ui/RouteErrorPage.tsx";

/**
 * GET /auth/authorize: where another app (a partner's, the widget, the native app) sends a client to sign in
 * with the OAuth code flow (decision 0036). Sign-in first, then the consent question for a partner's app, then
 * back to the app with a code.
 */
export function loader({ request, url, context }: Route.LoaderArgs) {
  return authorizeStep({
    request,
    url,
    language: pageLanguage(request, undefined),
    context,
    parameters: authorizeParameters(url.searchParams),
  });
}

/** The consent form's answer: Allow or Deny. */
export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await request.formData();
  return authorizeStep({
    request,
    url,
    language: pageLanguage(request, undefined),
    context,
    parameters: authorizeParameters(form),
    decision: form.get("decision") === "allow" ? "allow" : "deny",
  });
}

/** What each scope lets the app do, in plain words. */
const SCOPE_WORDS = {
  profile: "oauth.scopes.profile",
  appointments: "oauth.scopes.appointments",
} as const satisfies Record<OAuthScope, TranslationKey>;

const REFUSAL_WORDS = {
  unknown_client: "oauth.refused.unknown_client",
  invalid_redirect_uri: "oauth.refused.invalid_redirect_uri",
  invalid_request: "oauth.refused.invalid_request",
} as const satisfies Record<Extract<AuthorizePage, { view: "refused" }>["reason"], TranslationKey>;

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

function Consent({ page }: { page: Extract<AuthorizePage, { view: "consent" }> }) {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t("oauth.consentTitle", { client: page.client })}</h1>
      <p>{t("oauth.signedInAs", { email: page.email })}</p>
      <p>{t("oauth.mayDo", { client: page.client })}</p>
      <ul>
        {page.scopes.map((scope) => (
          <li key={scope}>{t(SCOPE_WORDS[scope])}</li>
        ))}
      </ul>
      {/* A plain form: it works without JavaScript, and its answer continues outside this app. */}
      <form method="post" className="form-stack">
        <p className="form-note">{t("oauth.note", { client: page.client })}</p>
        {Object.entries(page.parameters).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="account-page__actions">
          <button type="submit" name="decision" value="allow" className="button">
            {t("oauth.allow")}
          </button>
          <button type="submit" name="decision" value="deny" className="button button--secondary">
            {t("oauth.deny")}
          </button>
        </div>
      </form>
    </>
  );
}

const attribute = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

function Continue({ location }: { location: string }) {
  const { t } = useTranslation();
  // With JavaScript the page goes on once hydrated; without, the refresh in <noscript> does (never both: the app
  // would receive its code twice, and a code used twice revokes the sign-in). The link is there either way.
  useEffect(() => window.location.replace(location), [location]);
  return (
    <>
      <noscript
        dangerouslySetInnerHTML={{ __html: `<meta http-equiv="refresh" content="0;url=${attribute(location)}">` }}
      />
      <h1>{t("oauth.continueTitle")}</h1>
      <p>
        <a href={location}>{t("oauth.continueLink")}</a>
      </p>
    </>
  );
}

export default function Authorize({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const page = actionData ?? loaderData;
  const { config } = useRootData();
  const { to } = useLanguage();
  const title = page.view === "consent" ? t("oauth.consentTitle", { client: page.client }) : t("oauth.title");
  return (
    <div className="page page--narrow account-page">
      <title>{`${title} · ${config.appName}`}</title>
      {page.view === "consent" ? <Consent page={page} /> : null}
      {page.view === "continue" ? <Continue location={page.location} /> : null}
      {page.view === "refused" ? (
        <>
          <h1>{t("oauth.refusedTitle")}</h1>
          <p>{t(REFUSAL_WORDS[page.reason])}</p>
          {/* The app's own address is not trusted here: the way on is ours. */}
          <Link className="button" to={to("home")}>
            {t("notFound.home")}
          </Link>
        </>
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
