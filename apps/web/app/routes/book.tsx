import {
  Form,
  Link,
  data,
  redirect,
  useLocation,
  useNavigation,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/book";
import { backToBackOffer, backToBackStart } from "../booking/back-to-back.ts";
import { addToBasket, basketClash, updateItem } from "../booking/basket.ts";
import { overlapsAny } from "../booking/basket-times.ts";
import { freeTimes, holdTime, refusalMessageKey } from "../booking/booking-api.ts";
import { releaseHolds } from "../booking/basket-actions.ts";
import { BackToBackEmployees, EmployeeChoice, VariantChoice } from "../booking/BookingChoices.tsx";
import { DayCalendar } from "../booking/DayCalendar.tsx";
import { localDateOf, localTimeOf, sameInstant } from "../booking/local-dates.ts";
import {
  bookingRules,
  employeesAt,
  findPrice,
  locationById,
  locationBySlug,
  appointmentServicesAt,
} from "../booking/offer-data.ts";
import { CalendarSkeleton, TimesSkeleton } from "../booking/PickerSkeleton.tsx";
import { loadPicker } from "../booking/picker-data.ts";
import { withParams } from "../booking/picker.ts";
import { ReplaceBasketQuestion, type ReplaceBasketQuestionData } from "../booking/ReplaceBasketQuestion.tsx";
import { TimesHeading } from "../booking/TimesHeading.tsx";
import { TimeSlots } from "../booking/TimeSlots.tsx";
import { useLiveFreeTimes } from "../booking/use-live-free-times.ts";
import { useTimeTakenMeanwhile } from "../booking/use-time-taken-meanwhile.ts";
import { useMoveFocus } from "../ui/use-move-focus.ts";
import { ZoneNote } from "../booking/ZoneNote.tsx";
import { formatTimeOfDay } from "../catalogue/opening-hours.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { formatDuration, formatPrice, telHref } from "../lib/format.ts";
import { sitePath } from "../embed/embed-paths.ts";
import { useLanguage } from "../lib/use-language.ts";
import { clientPageEnv } from "../page-data/client-env.ts";
import type { PageEnv } from "../page-data/page-env.ts";
import { serverPageEnv } from "../page-data/server-env.server.ts";
import { FormAlert } from "../ui/form/Field.tsx";
import { coveredServiceIds } from "../memberships/my-memberships.ts";
import { RouteErrorPage } from "../ui/RouteErrorPage.tsx";
import { SubmitButton } from "../ui/SubmitButton.tsx";
import "../booking/booking.css";

/** Free times are live: never kept by a browser or a proxy. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/**
 * Booking a service at a location (no sign-in needed to look): its option, an employee or anyone, a day of the
 * next weeks that has free times, then a time of that day. Every choice lives in the address (`service`,
 * `price`, `employee`, `from`, `date`), so the page is rendered on the server and works without JavaScript.
 * `after=1` offers the time starting when the basket's last service ends (back to back).
 */
async function load(env: PageEnv<Route.LoaderArgs["params"]>) {
  const { url, language, t, api: publicApi, viewerApi: signedInApi } = env;
  // Signed in, the client's own holds count as free for them.
  const api = signedInApi ?? publicApi;
  const location = await locationBySlug(publicApi, env.params.slug);
  const [services, rules] = await Promise.all([
    appointmentServicesAt(publicApi, location.id),
    bookingRules(publicApi, location.businessId),
  ]);
  const service = services.find((each) => each.id === url.searchParams.get("service")) ?? null;
  const base = {
    title: `${service ? t("booking.title", { service: service.name }) : t("booking.chooseService")} · ${location.name} · ${env.config.appName}`,
    location: { slug: location.slug, name: location.name, address: location.address, phone: location.phone },
    onlineBooking: rules.onlineBooking,
    services: services.map((each) => ({
      id: each.id,
      name: each.name,
      priceMinor: Math.min(...each.prices.map((price) => price.priceMinor)),
      currency: each.prices[0]?.currency ?? "EUR",
      durationMinutes: Math.min(...each.prices.map((price) => price.durationMinutes)),
    })),
  };
  if (!rules.onlineBooking || !service) return { ...base, service: null, choice: null };
  const [employees, covered] = await Promise.all([
    employeesAt(publicApi, location.id, service.id),
    signedInApi ? coveredServiceIds(signedInApi) : new Set<string>(),
  ]);
  // The option asked for, or the first (the default path, as "Any professional" is for who): times show at once.
  const price = service.prices.find((each) => each.id === url.searchParams.get("price")) ?? service.prices[0] ?? null;
  const employee = employees.find((each) => each.id === url.searchParams.get("employee")) ?? null;
  const basket = env.basket.read();
  const afterStart =
    url.searchParams.get("after") === "1" && basket.locationId === location.id ? backToBackStart(basket.items) : null;
  const picker = price
    ? await loadPicker({
        api,
        location,
        rules,
        servicePriceId: price.id,
        employeeId: employee?.id ?? null,
        from: afterStart ? localDateOf(afterStart) : url.searchParams.get("from"),
        date: afterStart ? localDateOf(afterStart) : url.searchParams.get("date"),
        language,
        now: new Date(),
        backToBackAt: afterStart,
        basketTimes: basket.locationId === location.id ? basket.items : [],
      })
    : null;
  const offer = afterStart && picker ? backToBackOffer(picker.times, afterStart) : null;
  const backToBack = afterStart
    ? {
        startsAt: afterStart,
        label: formatTimeOfDay(localTimeOf(afterStart), language),
        time: offer?.time ?? null,
        exact: offer?.exact ?? false,
      }
    : null;
  return {
    ...base,
    service: {
      id: service.id,
      name: service.name,
      prices: service.prices,
      coveredByMembership: covered.has(service.id),
    },
    choice: { priceId: price?.id ?? null, employeeId: employee?.id ?? null, employees, picker, backToBack },
  };
}

export const loader = (args: Route.LoaderArgs) => load(serverPageEnv(args));
export const clientLoader = async (args: Route.ClientLoaderArgs) => load(await clientPageEnv(args));

/**
 * Adds the chosen time to the basket ("add") or goes on to checkout ("book-now"). The time is asked again
 * first (it may have gone since the page loaded); for a signed-in client it is also held for a few minutes. A
 * basket of another place is replaced only once the client said so (`replace=1`); until then the page asks.
 */
async function act(env: PageEnv<Route.ActionArgs["params"]>, form: FormData) {
  const { t, api: publicApi, viewerApi: signedIn } = env;
  const api = signedIn ?? publicApi;
  const intent = form.get("intent") === "book-now" ? "book-now" : "add";
  const startsAt = String(form.get("startsAt") ?? "");
  const employeeField = String(form.get("employee") ?? "");
  const location = await locationBySlug(publicApi, env.params.slug);
  const [services, rules] = await Promise.all([
    appointmentServicesAt(publicApi, location.id),
    bookingRules(publicApi, location.businessId),
  ]);
  const found = findPrice(services, String(form.get("price") ?? ""));
  if (!found || !rules.onlineBooking || Number.isNaN(Date.parse(startsAt))) {
    return data({ error: t("booking.chooseTime") }, { status: 400 });
  }
  const employeeId = /^\d+$/.test(employeeField) ? employeeField : null;
  const day = localDateOf(startsAt);
  const before = env.basket.read();
  const free = await freeTimes(api, {
    servicePriceId: found.price.id,
    locationId: location.id,
    employeeId,
    dateFrom: day,
    dateTo: day,
    // A time right after the basket's last service may be off the grid: it is offered, so it is checked too.
    backToBackAt: before.locationId === location.id ? backToBackStart(before.items) : null,
  });
  const slot = free.find((time) => sameInstant(time.startsAt, startsAt));
  if (!slot) return data({ error: t("booking.timeGone") }, { status: 409 });
  if (before.locationId === location.id && overlapsAny(slot, before.items)) {
    return data({ error: t("booking.overlapsOwn") }, { status: 409 });
  }

  const clash = basketClash(before, location.id, { servicePriceId: found.price.id, startsAt: slot.startsAt });
  if (clash && form.get("replace") !== "1") {
    // A basket whose place has gone holds nothing bookable: nothing to ask about.
    const other = clash === "otherPlace" ? await locationById(publicApi, before.locationId) : location;
    if (other) {
      const question: ReplaceBasketQuestionData = {
        clash,
        otherPlace: other.name,
        fields: { price: found.price.id, employee: employeeId ?? "any", startsAt: slot.startsAt, intent },
      };
      return { replaceBasket: question };
    }
  }

  const added = addToBasket(
    before,
    { id: location.id, slug: location.slug },
    { servicePriceId: found.price.id, employeeId, startsAt: slot.startsAt, endsAt: slot.endsAt },
    crypto.randomUUID().slice(0, 8),
  );
  if ("full" in added) return data({ error: t("booking.basketFull") }, { status: 409 });
  let basket = added.basket;
  if (signedIn) {
    if (added.replacedBasket) {
      await releaseHolds(api, before.items);
    }
    if (!added.added.holdId) {
      const hold = await holdTime(api, location.id, added.added);
      if (!hold.held && hold.reason !== "unavailable") {
        return data({ error: t(refusalMessageKey(hold.reason)) }, { status: hold.reason === "invalid" ? 422 : 409 });
      }
      if (hold.held) {
        basket = updateItem(basket, added.added.key, {
          holdId: hold.holdId,
          holdExpiresAt: hold.expiresAt,
          employeeId: hold.employeeId,
          endsAt: hold.endsAt,
        });
      }
    }
  }
  throw redirect(sitePath(env.site, env.language, intent === "book-now" ? "checkout" : "basket"), {
    headers: await env.basket.keep(basket),
  });
}

export const action = async (args: Route.ActionArgs) => act(serverPageEnv(args), await args.request.formData());
export const clientAction = async (args: Route.ClientActionArgs) =>
  act(await clientPageEnv(args), await args.request.formData());

/**
 * A time someone took since the page loaded (409) must leave the list at once: the day's times are asked again after
 * every answer (page-data refusals arrive as 200, which revalidates). A question (replace the basket?) changed
 * nothing: the page stays as it is, the question in view.
 */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionResult && typeof actionResult === "object" && "replaceBasket" in actionResult) return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex" }] : [];

type LoaderData = Route.ComponentProps["loaderData"];

/**
 * Without a chosen service (or with online booking off): the menu to choose from, or the phone number. The list has
 * its own heading only when the page's title names something else (a service no longer offered).
 */
function ChooseService({ data: loaderData, search }: { data: LoaderData; search: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  if (!loaderData.onlineBooking) {
    return (
      <div className="booking-notice">
        <p>{t("location.bookByPhone")}</p>
        <a className="button" href={telHref(loaderData.location.phone)}>
          {loaderData.location.phone}
        </a>
      </div>
    );
  }
  return (
    <section className="booking-step" aria-labelledby={loaderData.service ? "booking-service" : "booking-title"}>
      {loaderData.service ? (
        <h2 id="booking-service" className="booking-step__title">
          {t("booking.chooseService")}
        </h2>
      ) : null}
      <ul className="choice-list">
        {loaderData.services.map((service) => (
          <li key={service.id}>
            <Link className="choice" to={withParams(search, { service: service.id })}>
              <span className="choice__name">{service.name}</span>
              <span className="choice__meta">
                {formatDuration(service.durationMinutes, language)} ·{" "}
                {t("booking.priceFrom", { price: formatPrice(service.priceMinor, service.currency, language) })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function Book({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to, language } = useLanguage();
  const { search, pathname } = useLocation();
  const navigation = useNavigation();
  const { location, service, choice } = loaderData;
  const picker = choice?.picker ?? null;
  useLiveFreeTimes(picker?.live);
  // Another day, option or professional: skeletons while it loads. Not after a submission, whose answer (a message,
  // a question) would otherwise be taken to its place in a page about to change height.
  const loading = navigation.state === "loading" && navigation.location.pathname === pathname && !navigation.formData;
  const submitting = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const price = service?.prices.find((each) => each.id === choice?.priceId) ?? null;
  const backToBack = choice?.backToBack ?? null;
  const times = backToBack?.time ? [backToBack.time] : (picker?.times ?? []);
  // A time just taken, or a question: the reader is taken to it, wherever they had scrolled to.
  const error = actionData && "error" in actionData ? actionData.error : undefined;
  const question = actionData && "replaceBasket" in actionData ? actionData.replaceBasket : null;
  const taken = useTimeTakenMeanwhile(times, search);
  const alert = useMoveFocus<HTMLParagraphElement>(error ? actionData : taken.takenChoice, { onArrival: false });
  const asked = useMoveFocus<HTMLElement>(question, { onArrival: false });
  return (
    <div className="page page--narrow booking-page">
      {/* The place's name and address, as the business wrote them. */}
      <p className="booking-page__place" translate="no">
        <Link to={to(`location/${location.slug}`)}>{location.name}</Link>
        <span className="booking-page__address">{location.address}</span>
      </p>
      <h1 id="booking-title">{service ? t("booking.title", { service: service.name }) : t("booking.chooseService")}</h1>
      {!service || !choice ? <ChooseService data={loaderData} search={search} /> : null}
      {service && choice && service.prices.length > 1 ? (
        <VariantChoice prices={service.prices} selectedId={choice.priceId} search={search} />
      ) : null}
      {service && choice && !backToBack?.time ? (
        <EmployeeChoice employees={choice.employees} selectedId={choice.employeeId} search={search} />
      ) : null}
      {picker && price && choice ? (
        <>
          {backToBack?.time ? null : loading ? (
            <section className="booking-step" aria-busy="true" aria-label={t("common.loading")}>
              <CalendarSkeleton />
            </section>
          ) : (
            <DayCalendar picker={picker} search={search} />
          )}
          <section className="booking-step" aria-labelledby="booking-time">
            <TimesHeading picker={picker} />
            <ZoneNote timeZone={picker.timeZone} zoneName={picker.timeZoneName} />
            {backToBack ? (
              <p className="booking-notice" role="status">
                {!backToBack.time
                  ? t("booking.backToBackNone", { time: backToBack.label })
                  : backToBack.exact
                    ? t("booking.backToBackFound", { time: backToBack.label })
                    : t("booking.backToBackLater", { time: backToBack.label, later: backToBack.time.label })}
                {backToBack.time ? (
                  <>
                    {" "}
                    <Link to={withParams(search, { after: null })} replace>
                      {t("booking.otherTimes")}
                    </Link>
                  </>
                ) : null}
              </p>
            ) : null}
            <FormAlert message={error ?? (taken.takenChoice ? t("booking.timeGone") : undefined)} ref={alert} />
            {loading ? (
              <TimesSkeleton />
            ) : times.length === 0 ? (
              <p className="empty-state">{picker.selectedDate ? t("booking.noTimesDay") : t("booking.noTimes")}</p>
            ) : (
              <Form method="post" className="booking-form" onChange={taken.onChange}>
                <input type="hidden" name="price" value={price.id} />
                {backToBack?.time && !choice.employeeId ? (
                  <BackToBackEmployees employeeIds={backToBack.time.employeeIds} employees={choice.employees} />
                ) : (
                  <input type="hidden" name="employee" value={choice.employeeId ?? "any"} />
                )}
                <TimeSlots times={times} />
                <p className="booking-form__summary">
                  {price.name ? `${price.name} · ` : ""}
                  {formatDuration(price.durationMinutes, language)} ·{" "}
                  {formatPrice(service?.coveredByMembership ? 0 : price.priceMinor, price.currency, language)}
                  {service?.coveredByMembership ? ` · ${t("booking.coveredByMembership")}` : null}
                </p>
                <div className="booking-form__actions">
                  <SubmitButton
                    pending={submitting === "add"}
                    disabled={Boolean(submitting)}
                    name="intent"
                    value="add"
                    className="button button--secondary"
                  >
                    {t("booking.addToBasket")}
                  </SubmitButton>
                  <SubmitButton
                    pending={submitting === "book-now"}
                    disabled={Boolean(submitting)}
                    name="intent"
                    value="book-now"
                    className="button"
                  >
                    {t("booking.bookNow")}
                  </SubmitButton>
                </div>
              </Form>
            )}
            {question ? (
              <ReplaceBasketQuestion
                question={question}
                ref={asked}
                pending={navigation.state === "submitting" && navigation.formData?.get("replace") === "1"}
              />
            ) : null}
          </section>
        </>
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
