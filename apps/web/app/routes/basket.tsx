import { useCallback } from "react";
import { Link, data, useRevalidator } from "react-router";
import type { Route } from "./+types/basket";
import { BasketLines } from "../booking/BasketLines.tsx";
import { changeBasket } from "../booking/basket-actions.ts";
import { loadBasketPage } from "../booking/basket-page.ts";
import { useMoveFocus } from "../ui/use-move-focus.ts";
import { BasketTotal } from "../booking/PaymentSummary.tsx";
import { ZoneNote } from "../booking/ZoneNote.tsx";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLanguage } from "../lib/use-language.ts";
import { clientPageEnv } from "../page-data/client-env.ts";
import type { PageEnv } from "../page-data/page-env.ts";
import { serverPageEnv } from "../page-data/server-env.server.ts";
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
async function load(env: PageEnv<Route.LoaderArgs["params"]>) {
  const { view, headers } = await loadBasketPage(env, env.viewerApi);
  return data({ title: `${env.t("basket.title")} · ${env.config.appName}`, view }, { headers });
}

export const loader = (args: Route.LoaderArgs) => load(serverPageEnv(args));
export const clientLoader = async (args: Route.ClientLoaderArgs) => load(await clientPageEnv(args));

/** Removes an entry or moves it to another free time; the basket is kept again either way. */
async function act(env: PageEnv<Route.ActionArgs["params"]>, form: FormData) {
  const change = await changeBasket({
    form,
    basket: env.basket.read(),
    viewerApi: env.viewerApi,
    publicApi: env.api,
    t: env.t,
  });
  if (!change) throw data("Send intent remove or alternative.", { status: 400 });
  return data({ error: change.error }, { headers: await env.basket.keep(change.basket) });
}

export const action = async (args: Route.ActionArgs) => act(serverPageEnv(args), await args.request.formData());
export const clientAction = async (args: Route.ClientActionArgs) =>
  act(await clientPageEnv(args), await args.request.formData());

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
      {/* The place's name and address, as the business wrote them. */}
      <p className="booking-page__place" translate="no">
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
