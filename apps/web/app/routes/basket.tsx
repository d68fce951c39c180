import { useCallback } from "react";
import { Link, data, useRevalidator } from "react-router";
import type { Route } from "./+types/basket";
import { serverApiClient } from "../api/server-client.server.ts";
import { BasketLines } from "../booking/BasketLines.tsx";
import { changeBasket } from "../booking/basket-actions.server.ts";
import { basketCookieHeader, readBasket } from "../booking/basket.server.ts";
import { loadBasketPage } from "../booking/basket-page.server.ts";
import { useMoveFocus } from "../ui/use-move-focus.ts";
import { BasketTotal } from "../booking/PaymentSummary.tsx";
import { ZoneNote } from "../booking/ZoneNote.tsx";
import { viewerApi } from "../client-area/viewer-api.server.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { publicConfig } from "../lib/config.server.ts";
import { pageLanguage } from "../lib/language.server.ts";
import { serverT } from "../lib/server-i18n.ts";
import { useLanguage } from "../lib/use-language.ts";
import { FormAlert } from "../ui/form/Field.tsx";
import { RouteErrorPage } from "../ui/RouteErrorPage.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import "../booking/booking.css";

/** Holds and free times are live: never kept by a browser or a proxy. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/**
 * The basket (no sign-in needed): the chosen services and times, where each time stands now (held, free,
 * or taken with the nearest free times instead), the total, another service or one right after the last,
 * and checkout.
 */
export async function loader({ request, params, url, context }: Route.LoaderArgs) {
  const language = pageLanguage(request, params.lang);
  const t = serverT(context);
  const { view, headers } = await loadBasketPage({
    request,
    url,
    language,
    viewerApi: viewerApi({ request, url, language, context }),
  });
  return data(
    {
      title: `${t("basket.title")} · ${publicConfig.appName}`,
      view,
    },
    { headers },
  );
}

export async function action({ request, params, url, context }: Route.ActionArgs) {
  const language = pageLanguage(request, params.lang);
  const change = await changeBasket({
    form: await request.formData(),
    basket: readBasket(request),
    viewerApi: viewerApi({ request, url, language, context }),
    publicApi: serverApiClient(request, url, language),
    t: serverT(context),
  });
  if (!change) throw data("Send intent remove or alternative.", { status: 400 });
  return data({ error: change.error }, { headers: { "Set-Cookie": basketCookieHeader(request, change.basket) } });
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex" }] : [];

export default function BasketPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to, language } = useLanguage();
  const revalidator = useRevalidator();
  const { view } = loaderData;
  const onHoldExpired = useCallback(() => void revalidator.revalidate(), [revalidator]);
  // After removing a line the reader starts at the basket's title, not on a button that is gone (arriving from "Add
  // to basket" the shell takes them there, as to every page's heading). A refusal's message takes focus itself.
  const title = useMoveFocus<HTMLHeadingElement>(actionData && !actionData.error ? actionData : null);
  if (!view) {
    return (
      <div className="page page--narrow basket-page">
        <h1 tabIndex={-1} ref={title}>
          {t("basket.title")}
        </h1>
        <EmptyState
          title={t("basket.emptyTitle")}
          body={t("basket.emptyBody")}
          action={{ to: to("search"), label: t("basket.findServices") }}
        />
      </div>
    );
  }
  const anyTaken = view.lines.some((line) => line.state === "taken");
  return (
    <div className="page page--narrow basket-page">
      <h1 tabIndex={-1} ref={title}>
        {t("basket.title")}
      </h1>
      <p className="booking-page__place">
        <Link to={to(`location/${view.location.slug}`)}>{view.location.name}</Link>
        <span className="booking-page__address">{view.location.address}</span>
      </p>
      <ZoneNote timeZone={view.location.timeZone} zoneName={view.location.timeZoneName} />
      <FormAlert message={actionData?.error ?? undefined} />
      <BasketLines lines={view.lines} onHoldExpired={onHoldExpired} />
      <BasketTotal view={view} language={language} />
      {view.holdsClass ? null : (
        <section className="booking-step" aria-labelledby="basket-more">
          <h2 id="basket-more" className="booking-step__title">
            {t("basket.addMore")}
          </h2>
          <div className="basket-more">
            {view.endsAtLabel ? (
              <Link className="button button--secondary" to={to(`book/${view.location.slug}?after=1`)}>
                {t("basket.rightAfter", { time: view.endsAtLabel })}
              </Link>
            ) : null}
            <Link className="button button--secondary" to={to(`book/${view.location.slug}`)}>
              {t("basket.anotherService")}
            </Link>
          </div>
        </section>
      )}
      <div className="basket-actions">
        {anyTaken ? <p className="basket-line__note">{t("basket.fixTaken")}</p> : null}
        {anyTaken ? (
          <span className="button is-disabled" aria-disabled="true">
            {t("basket.checkout")}
          </span>
        ) : (
          <Link className="button" to={to("checkout")}>
            {t("basket.checkout")}
          </Link>
        )}
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
