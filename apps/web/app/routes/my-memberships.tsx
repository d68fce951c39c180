import { Link } from "react-router";
import type { Route } from "./+types/my-memberships";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLanguage } from "../lib/use-language.ts";
import { loadMyMemberships, type InstanceView } from "../memberships/my-memberships.ts";
import { clientPageEnv } from "../page-data/client-env.ts";
import type { PageEnv } from "../page-data/page-env.ts";
import { serverPageEnv } from "../page-data/server-env.server.ts";
import { EmptyState } from "../ui/EmptyState.tsx";
import { RouteErrorPage } from "../ui/RouteErrorPage.tsx";
import { payPageUrl } from "../booking/payment-view.ts";
import "../booking/booking.css";
import "../memberships/memberships.css";

/** My memberships (login required): each one's status, period, credits left per service and its use. */
async function load(env: PageEnv<Route.LoaderArgs["params"]>) {
  const { url, t, language } = env;
  const { api } = env.requireViewer();
  return {
    title: `${t("myMemberships.title")} · ${env.config.appName}`,
    memberships: await loadMyMemberships(api, language),
    bought: url.searchParams.get("bought"),
  };
}

export const loader = (args: Route.LoaderArgs) => load(serverPageEnv(args));
export const clientLoader = async (args: Route.ClientLoaderArgs) => load(await clientPageEnv(args));

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex" }] : [];

const STATUS_KEY = {
  pendingPayment: "myMemberships.status.pendingPayment",
  active: "myMemberships.status.active",
  cancelled: "myMemberships.status.cancelled",
} as const;

function Membership({ membership }: { membership: InstanceView }) {
  const { t } = useTranslation();
  const { to, language } = useLanguage();
  const headingId = `my-membership-${membership.id}`;
  return (
    <article className="card my-membership" aria-labelledby={headingId}>
      <h2 id={headingId}>{membership.name}</h2>
      <p>
        <span className="status-badge">{t(STATUS_KEY[membership.status])}</span>
      </p>
      <p>
        {membership.period
          ? t("myMemberships.period", membership.period)
          : membership.status === "active"
            ? t("myMemberships.notStarted")
            : null}
      </p>
      {membership.payUrl ? (
        <a className="button" href={payPageUrl(membership.payUrl, language)}>
          {t("myMemberships.payNow")}
        </a>
      ) : null}
      <h3>{t("myMemberships.credits")}</h3>
      <ul className="my-membership__credits">
        {membership.credits.map((line) => (
          <li key={line.service}>
            {line.service}:{" "}
            {line.left === null || line.total === null
              ? t("myMemberships.unlimited")
              : t("myMemberships.creditsLeft", { count: line.left, total: line.total })}
          </li>
        ))}
      </ul>
      <h3>{t("myMemberships.history")}</h3>
      {membership.history.length === 0 ? (
        <p className="my-membership__muted">{t("myMemberships.noHistory")}</p>
      ) : (
        <ul className="my-membership__history">
          {membership.history.map((use) => (
            <li key={use.id}>
              <Link to={to(`appointments/${use.appointmentClientId}`)}>
                {use.credits > 0
                  ? t("myMemberships.used", { service: use.service, visit: use.visit })
                  : t("myMemberships.returned", { service: use.service, visit: use.visit })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

export default function MyMemberships({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to } = useLanguage();
  const { memberships, bought } = loaderData;
  return (
    <div className="page my-memberships-page">
      <h1>{t("myMemberships.title")}</h1>
      {bought && memberships.some((each) => each.id === bought && each.status === "active") ? (
        <p role="status" className="booking-notice booking-notice--success">
          {t("myMemberships.bought")}
        </p>
      ) : null}
      {memberships.length === 0 ? (
        <EmptyState
          title={t("myMemberships.emptyTitle")}
          body={t("myMemberships.emptyBody")}
          action={{ to: to("memberships"), label: t("myMemberships.findMemberships") }}
        />
      ) : (
        <ul className="my-memberships">
          {memberships.map((membership) => (
            <li key={membership.id}>
              <Membership membership={membership} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
