import { Link } from "react-router";
import type { BusinessResource } from "@termin/contracts/catalogue-resources";
import type { FormResource } from "@termin/contracts/form-resources";
import type { CollectionDocument } from "@termin/contracts/jsonapi";
import type { Route } from "./+types/forms";
import { Included } from "../api/included.ts";
import { DELIVERY_TYPE_LABELS } from "../forms/delivery-types.ts";
import { FormStatusBadge } from "../forms/FormStatusBadge.tsx";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { formatDate } from "../lib/format.ts";
import { useLanguage } from "../lib/use-language.ts";
import { clientPageEnv } from "../page-data/client-env.ts";
import type { PageEnv } from "../page-data/page-env.ts";
import { serverPageEnv } from "../page-data/server-env.server.ts";
import { RouteErrorPage } from "../ui/RouteErrorPage.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import "../forms/client-forms.css";

const PAGE_SIZE = 20;
const MAX_PAGE = 1000;

/** The forms businesses sent the signed-in client, newest first (spec: forms, login required, list). */
async function load(env: PageEnv<Route.LoaderArgs["params"]>) {
  const { url, t } = env;
  const { api } = env.requireViewer();
  const requested = Number(url.searchParams.get("page"));
  // Past any real page the list is simply empty; a number the API cannot read (1e20) is not sent.
  const page = Number.isInteger(requested) && requested > 0 ? Math.min(requested, MAX_PAGE) : 1;
  const document = await api.get<CollectionDocument<FormResource>>("forms", {
    include: "business",
    "fields[forms]": "name,delivery_type,sent_at,status,business",
    "fields[businesses]": "name",
    "page[size]": String(PAGE_SIZE),
    "page[number]": String(page),
  });
  const included = new Included(document.included);
  return {
    title: `${t("forms.title")} · ${env.config.appName}`,
    page,
    pageCount: document.meta.pageCount,
    forms: document.data.map((form) => ({
      id: form.id,
      name: form.attributes.name,
      deliveryType: form.attributes.delivery_type,
      sentAt: form.attributes.sent_at,
      status: form.attributes.status,
      business: included.one<BusinessResource>(form, "business", "businesses")?.attributes.name ?? null,
    })),
  };
}

export const loader = (args: Route.LoaderArgs) => load(serverPageEnv(args));
export const clientLoader = async (args: Route.ClientLoaderArgs) => load(await clientPageEnv(args));

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex" }] : [];

export default function Forms({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language, to } = useLanguage();
  const { forms, page, pageCount } = loaderData;
  const pageLink = (number: number) => (number === 1 ? to("forms") : `${to("forms")}?page=${number}`);
  return (
    <div className="page page--narrow client-forms">
      <h1>{t("forms.title")}</h1>
      <p>{t("forms.lead")}</p>
      {forms.length === 0 ? (
        <EmptyState title={t("forms.emptyTitle")} body={t("forms.emptyBody")} />
      ) : (
        <ul className="client-forms__list">
          {forms.map((form) => (
            <li key={form.id}>
              <article className="card form-card">
                <div className="form-card__top">
                  <h2>
                    {/* The form's name is the business's words, in its language, which the API does not say. */}
                    <Link to={to(`forms/${form.id}`)} translate="no">
                      {form.name}
                    </Link>
                  </h2>
                  <FormStatusBadge status={form.status} />
                </div>
                {form.business ? <p translate="no">{form.business}</p> : null}
                <p>
                  {t("forms.sentOn", { date: formatDate(form.sentAt, language) })} ·{" "}
                  {t(DELIVERY_TYPE_LABELS[form.deliveryType])}
                </p>
              </article>
            </li>
          ))}
        </ul>
      )}
      {pageCount > 1 ? (
        <nav className="pager" aria-label={t("forms.pages")}>
          {page > 1 ? <Link to={pageLink(page - 1)}>{t("forms.newer")}</Link> : <span />}
          <span>{t("forms.pageOf", { page, pages: pageCount })}</span>
          {page < pageCount ? <Link to={pageLink(page + 1)}>{t("forms.older")}</Link> : <span />}
        </nav>
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
