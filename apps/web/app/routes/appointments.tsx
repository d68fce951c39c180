import { Link, redirect } from "react-router";
import type { Route } from "./+types/appointments";
import { Included } from "../api/included.ts";
import { statusKey } from "../booking/appointment-view.ts";
import { APPOINTMENT_INCLUDES, toSummary } from "../booking/appointment-data.ts";
import { PaymentSummary } from "../booking/PaymentSummary.tsx";
import type { AppointmentClientCollection } from "@termin/contracts/booking-resources";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { formatPrice } from "../lib/format.ts";
import { lastPageAddress, listPageOf } from "../lib/page-input.ts";
import { useLanguage } from "../lib/use-language.ts";
import { clientPageEnv } from "../page-data/client-env.ts";
import type { PageEnv } from "../page-data/page-env.ts";
import { serverPageEnv } from "../page-data/server-env.server.ts";
import { RouteErrorPage } from "../ui/RouteErrorPage.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { Pager } from "../ui/Pager.tsx";
import "../booking/booking.css";
import "../memberships/memberships.css";

const PAGE_SIZE = 20;

/** My appointments (login required): upcoming ones soonest first, or past ones newest first, a page at a time. */
async function load(env: PageEnv<Route.LoaderArgs["params"]>) {
  const { url, t, language } = env;
  const { api } = env.requireViewer();
  const when = url.searchParams.get("when") === "past" ? "past" : "upcoming";
  const page = listPageOf(url);
  const list = await api.get<AppointmentClientCollection>("appointment-clients", {
    "filter[when]": when,
    include: APPOINTMENT_INCLUDES,
    "page[size]": String(PAGE_SIZE),
    "page[number]": String(page),
  });
  const last = lastPageAddress(url, page, list.meta.pageCount);
  if (last) throw redirect(last);
  const included = new Included(list.included);
  return {
    title: `${t("appointments.title")} · ${env.config.appName}`,
    when,
    page,
    pageCount: list.meta.pageCount,
    appointments: list.data.map((item) => toSummary(item, included, language, new Date())),
  };
}

export const loader = (args: Route.LoaderArgs) => load(serverPageEnv(args));
export const clientLoader = async (args: Route.ClientLoaderArgs) => load(await clientPageEnv(args));

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex" }] : [];

export default function Appointments({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to, language } = useLanguage();
  const { when, appointments, page, pageCount } = loaderData;
  const tabs = [
    { value: "upcoming", label: t("appointments.upcoming"), href: to("appointments") },
    { value: "past", label: t("appointments.past"), href: `${to("appointments")}?when=past` },
  ] as const;
  return (
    <div className="page page--narrow appointments-page">
      <h1>{t("appointments.title")}</h1>
      <nav className="segmented" aria-label={t("appointments.which")}>
        {tabs.map((tab) => (
          <Link key={tab.value} to={tab.href} aria-current={tab.value === when ? "page" : undefined}>
            {tab.label}
          </Link>
        ))}
      </nav>
      {appointments.length === 0 ? (
        <EmptyState
          title={when === "past" ? t("appointments.emptyPastTitle") : t("appointments.emptyTitle")}
          body={t("appointments.emptyBody")}
          action={{ to: to("search"), label: t("basket.findServices") }}
        />
      ) : (
        <ul className="appointment-list">
          {appointments.map((appointment) => (
            <li key={appointment.id} className="appointment-card">
              <Link to={to(`appointments/${appointment.id}`)} className="appointment-card__link">
                <span className="appointment-card__when">{appointment.when}</span>
                <span className="appointment-card__place" translate="no">
                  {appointment.locationName}
                </span>
              </Link>
              <p className="appointment-card__services">
                {appointment.services.join(", ")}
                {appointment.seats > 1 ? ` · ${t("classes.seatCount", { count: appointment.seats })}` : null}
              </p>
              <p className="appointment-card__meta">
                <span className={`status-badge status-badge--${appointment.statusId}`}>
                  {t(statusKey(appointment.statusId))}
                </span>
                <span>{formatPrice(appointment.totalMinor, appointment.currency, language)}</span>
                {appointment.coveredByMembership ? (
                  <span className="covered-by-membership">{t("booking.coveredByMembership")}</span>
                ) : null}
              </p>
              <PaymentSummary payment={appointment.payment} language={language} />
            </li>
          ))}
        </ul>
      )}
      <Pager
        label={t("appointments.pages")}
        page={page}
        pageCount={pageCount}
        hrefOf={(other) => `?${new URLSearchParams({ when, page: String(other) })}`}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
