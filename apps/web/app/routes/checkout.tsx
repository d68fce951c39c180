import { useCallback } from "react";
import { Form, Link, data, redirect, replace, useNavigation, useRevalidator } from "react-router";
import type { Language } from "@termin/domain/languages";
import type { Route } from "./+types/checkout";
import type { ApiClient } from "../api/client.ts";
import { bookAppointment } from "../booking/appointments-api.ts";
import { AlternativeTimes, BasketLines } from "../booking/BasketLines.tsx";
import { changeBasket, releaseHolds } from "../booking/basket-actions.ts";
import { EMPTY_BASKET } from "../booking/basket.ts";
import { loadBasketPage } from "../booking/basket-page.ts";
import { whenLabel } from "../booking/basket-data.ts";
import { unavailableTimes, type AlternativeTime } from "../booking/booking-errors.ts";
import { localDateOf, localTimeOf } from "../booking/local-dates.ts";
import { BasketTotal } from "../booking/PaymentSummary.tsx";
import { ZoneNote } from "../booking/ZoneNote.tsx";
import { formatTimeOfDay } from "../catalogue/opening-hours.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { sitePath } from "../embed/embed-paths.ts";
import { dateTimeFormat } from "../lib/format.ts";
import { useLanguage } from "../lib/use-language.ts";
import { clientPageEnv } from "../page-data/client-env.ts";
import type { PageEnv } from "../page-data/page-env.ts";
import { serverPageEnv } from "../page-data/server-env.server.ts";
import { FormAlert } from "../ui/form/Field.tsx";
import { RouteErrorPage } from "../ui/RouteErrorPage.tsx";
import { SubmitButton } from "../ui/SubmitButton.tsx";
import "../booking/booking.css";

const NOTE_MAX = 1000;

/** What the page says of a basket entry the booking refused, by why. */
const CHECKOUT_REFUSAL_KEYS = {
  taken: "checkout.taken",
  own: "checkout.overlapsOwn",
  invalid: "checkout.invalid",
} as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/**
 * Checkout (login required: a visitor signs in or up and comes back here, the basket kept where it is): the
 * services, the business's cancellation policy, a note, the total, and Confirm. Each page load makes a new
 * idempotency key, so one attempt books once however often it is submitted.
 */
async function load(env: PageEnv<Route.LoaderArgs["params"]>) {
  const { api } = env.requireViewer();
  const { view, headers } = await loadBasketPage(env, api);
  // Replacing: Back from the basket (or from a visit just booked) must not land here and be sent on again.
  if (!view) throw replace(sitePath(env.site, env.language, "basket"), { headers });
  return data(
    { title: `${env.t("checkout.title")} · ${env.config.appName}`, view, idempotencyKey: crypto.randomUUID() },
    { headers },
  );
}

export const loader = (args: Route.LoaderArgs) => load(serverPageEnv(args));
export const clientLoader = async (args: Route.ClientLoaderArgs) => load(await clientPageEnv(args));

/** An alternative's label: the time, with the day when it is another day than the wanted one. */
function alternativeLabel(alternative: AlternativeTime, wanted: string, language: Language): string {
  const time = formatTimeOfDay(localTimeOf(alternative.startsAt), language);
  if (localDateOf(alternative.startsAt) === localDateOf(wanted)) return time;
  const day = dateTimeFormat(language, { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }).format(
    new Date(`${localDateOf(alternative.startsAt)}T12:00:00Z`),
  );
  return `${day} · ${time}`.replace(/[\u00a0\u202f]/g, " ");
}

async function book(env: PageEnv<Route.ActionArgs["params"]>, api: ApiClient, form: FormData) {
  const { language, t } = env;
  const basket = env.basket.read();
  if (basket.items.length === 0) throw redirect(sitePath(env.site, language, "basket"));
  const key = String(form.get("idempotencyKey") ?? "");
  const answer = await bookAppointment(api, {
    locationId: basket.locationId,
    items: basket.items,
    note: String(form.get("note") ?? "")
      .trim()
      .slice(0, NOTE_MAX),
    idempotencyKey: UUID.test(key) ? key : crypto.randomUUID(),
  });
  if (answer.booked) {
    // The booked times are the appointment's now; holds left over would only keep them from others.
    await releaseHolds(api, basket.items);
    const target = answer.appointmentClientId ? `appointments/${answer.appointmentClientId}?booked=1` : "appointments";
    throw redirect(sitePath(env.site, language, target), { headers: await env.basket.keep(EMPTY_BASKET) });
  }
  const unavailable = unavailableTimes(answer.errors).flatMap((each) => {
    const item = basket.items[each.index];
    if (!item) return [];
    return [
      {
        key: item.key,
        reason: each.reason,
        when: whenLabel(item.startsAt, item.endsAt, language),
        servicePriceId: item.servicePriceId,
        alternatives: each.alternatives.map((alternative) => ({
          startsAt: alternative.startsAt,
          employeeIds: alternative.employeeIds,
          label: alternativeLabel(alternative, item.startsAt, language),
        })),
      },
    ];
  });
  const error = unavailable.length > 0 ? null : (answer.errors[0]?.detail ?? t("errors.body"));
  return data({ error, unavailable }, { status: answer.status });
}

/** Books the basket ("book"), or removes an entry or moves it to another free time as the basket page does. */
async function act(env: PageEnv<Route.ActionArgs["params"]>, form: FormData) {
  const { api } = env.requireViewer();
  if (form.get("intent") === "book") return book(env, api, form);
  const change = await changeBasket({ form, basket: env.basket.read(), viewerApi: api, publicApi: env.api, t: env.t });
  if (!change) throw data("Send intent book, remove or alternative.", { status: 400 });
  return data({ error: change.error, unavailable: [] }, { headers: await env.basket.keep(change.basket) });
}

export const action = async (args: Route.ActionArgs) => act(serverPageEnv(args), await args.request.formData());
export const clientAction = async (args: Route.ClientActionArgs) =>
  act(await clientPageEnv(args), await args.request.formData());

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex" }] : [];

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to, language } = useLanguage();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const { view, idempotencyKey } = loaderData;
  const onHoldExpired = useCallback(() => void revalidator.revalidate(), [revalidator]);
  const booking = navigation.state === "submitting" && navigation.formData?.get("intent") === "book";
  const anyTaken = view.lines.some((line) => line.state === "taken");
  const hours = view.cancellationNoticeHours;
  const unavailable = actionData?.unavailable ?? [];
  return (
    <div className="page page--narrow checkout-page">
      <h1 tabIndex={-1}>{t("checkout.title")}</h1>
      {/* The place's name and address, as the business wrote them. */}
      <p className="booking-page__place" translate="no">
        <Link to={to(`location/${view.location.slug}`)}>{view.location.name}</Link>
        <span className="booking-page__address">{view.location.address}</span>
      </p>
      <ZoneNote timeZone={view.location.timeZone} zoneName={view.location.timeZoneName} />
      {unavailable.length > 0 ? (
        <div className="checkout-taken" role="alert">
          {unavailable.map((each) => {
            const line = view.lines.find((candidate) => candidate.key === each.key);
            const service = line?.serviceName ?? "";
            return (
              <div key={each.key} className="checkout-taken__item">
                <p>{t(CHECKOUT_REFUSAL_KEYS[each.reason], { service, when: each.when })}</p>
                <AlternativeTimes lineKey={each.key} alternatives={each.alternatives} />
              </div>
            );
          })}
        </div>
      ) : null}
      <FormAlert message={actionData?.error ?? undefined} />
      <BasketLines lines={view.lines} onHoldExpired={onHoldExpired} />
      <BasketTotal view={view} language={language} />
      <p className={view.cancellableOnceBooked ? "checkout-policy" : "checkout-policy checkout-policy--caution"}>
        {!view.cancellableOnceBooked
          ? t("checkout.noOnlineCancellation")
          : hours > 0
            ? t("checkout.freeCancellation", { count: hours })
            : t("checkout.freeCancellationUntilStart")}
      </p>
      {/* The confirmation replaces checkout in the history: Back from it leads to where the client came from. */}
      <Form method="post" replace className="checkout-form">
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <div className="field">
          <label className="field__label" htmlFor="checkout-note">
            {t("checkout.note")}
          </label>
          <textarea id="checkout-note" name="note" rows={3} maxLength={NOTE_MAX} />
        </div>
        {anyTaken ? <p className="basket-line__note">{t("basket.fixTaken")}</p> : null}
        <SubmitButton
          pending={booking}
          disabled={anyTaken}
          name="intent"
          value="book"
          className="button checkout-submit"
        >
          {t("checkout.confirm")}
        </SubmitButton>
      </Form>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
