import { Link, data, useFetcher } from "react-router";
import { APPOINTMENT_STATUS } from "@termin/domain/appointment-statuses";
import { REVIEW_ASPECTS } from "@termin/domain/reviews/review-aspects";
import type { Route } from "./+types/appointment";
import type { Translate } from "../i18n/i18n.ts";
import { ApiError, type ApiClient } from "../api/client.ts";
import { loadAppointment, loadReview } from "../booking/appointment-load.ts";
import { Included } from "../api/included.ts";
import { statusKey } from "../booking/appointment-view.ts";
import { toDetails } from "../booking/appointment-data.ts";
import { CANCEL_FETCHER, CancelAppointment, type CancelAnswer } from "../booking/CancelAppointment.tsx";
import { REVIEW_FETCHER, ReviewForm, type ReviewAnswer } from "../booking/ReviewForm.tsx";
import { useMoveFocus } from "../ui/use-move-focus.ts";
import { useBookingEvents } from "../embed/use-booking-events.ts";
import { ReviewCard } from "../catalogue/location-page/Reviews.tsx";
import { ZoneNote } from "../booking/ZoneNote.tsx";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { formatPrice, telHref } from "../lib/format.ts";
import { PaymentSummary } from "../booking/PaymentSummary.tsx";
import { useLanguage, useRootData } from "../lib/use-language.ts";
import { EnablePush } from "../push/EnablePush.tsx";
import { clientPageEnv } from "../page-data/client-env.ts";
import type { PageEnv } from "../page-data/page-env.ts";
import { serverPageEnv } from "../page-data/server-env.server.ts";
import { RouteErrorPage } from "../ui/RouteErrorPage.tsx";
import "../booking/booking.css";
import "../memberships/memberships.css";

/** The statuses a client may still cancel or move (within the business's notice), as the API has them. */
const LIVE: readonly number[] = [
  APPOINTMENT_STATUS.new,
  APPOINTMENT_STATUS.confirmed,
  APPOINTMENT_STATUS.pendingPayment,
];

/** An appointment's page (login required): what, who, where, when, status, total; cancel, move, review. */
async function load(env: PageEnv<Route.LoaderArgs["params"]>) {
  const { url, language, t } = env;
  const { api } = env.requireViewer();
  const document = await loadAppointment(api, env.params.id);
  const now = new Date();
  const details = toDetails(document.data, new Included(document.included), language, now);
  const review = details.reviewId ? await loadReview(api, details.reviewId) : null;
  return {
    review,
    // Still ahead and not cancelled or done: it can be moved and, within the business's notice, cancelled.
    live: LIVE.includes(details.statusId) && Date.parse(details.startsAt) > now.getTime(),
    title: `${details.services.join(", ") || t("appointment.title")} · ${env.config.appName}`,
    details,
    booked: url.searchParams.get("booked") === "1",
    rescheduled: url.searchParams.get("rescheduled") === "1",
  };
}

export const loader = (args: Route.LoaderArgs) => load(serverPageEnv(args));
export const clientLoader = async (args: Route.ClientLoaderArgs) => load(await clientPageEnv(args));

async function cancel(api: ApiClient, id: string) {
  try {
    await api.patch(`appointment-clients/${encodeURIComponent(id)}`, {
      data: {
        type: "appointment-clients",
        id,
        relationships: { status: { data: { type: "appointment-statuses", id: String(APPOINTMENT_STATUS.cancelled) } } },
      },
    });
    return { error: null, done: "cancel" as const };
  } catch (error) {
    // Past the business's notice: the API says until when it was possible (422); any other refusal is said too.
    if (error instanceof ApiError && error.status < 500) {
      return data({ error: error.errors[0]?.detail ?? error.message, done: undefined }, { status: error.status });
    }
    throw error;
  }
}

async function review(api: ApiClient, id: string, form: FormData, t: Translate) {
  const rating = Number(form.get("rating"));
  // The one required answer, checked here and said at its question, as every form of the app does.
  if (!Number.isInteger(rating) || rating < 1 || rating > 5) {
    return data({ error: null, ratingError: t("forms.errors.required"), done: undefined }, { status: 422 });
  }
  const items = REVIEW_ASPECTS.flatMap((aspect) => {
    const value = Number(form.get(`aspect-${aspect}`));
    return value >= 1 && value <= 5 ? [{ aspect, rating: value }] : [];
  });
  try {
    await api.post("reviews", {
      data: {
        type: "reviews",
        attributes: { rating, text: String(form.get("text") ?? "").trim(), items },
        relationships: { appointmentClient: { data: { type: "appointment-clients", id } } },
      },
    });
    return { error: null, done: "review" as const };
  } catch (error) {
    // Decided by the API's code (another 409, a wrong data.type, is said in the API's words below).
    if (error instanceof ApiError && error.errors.some((each) => each.code === "already_reviewed")) {
      return data({ error: t("review.already"), done: undefined }, { status: 409 });
    }
    if (error instanceof ApiError && error.status < 500) {
      return data({ error: error.errors[0]?.detail ?? error.message, done: undefined }, { status: error.status });
    }
    throw error;
  }
}

/** Cancels the visit or reviews it (each its own fetcher's form). */
async function act(env: PageEnv<Route.ActionArgs["params"]>, form: FormData) {
  const { api } = env.requireViewer();
  const intent = form.get("intent");
  if (intent === "cancel") return cancel(api, env.params.id);
  if (intent === "review") return review(api, env.params.id, form, env.t);
  throw data("Send intent cancel or review.", { status: 400 });
}

export const action = async (args: Route.ActionArgs) => act(serverPageEnv(args), await args.request.formData());
export const clientAction = async (args: Route.ClientActionArgs) =>
  act(await clientPageEnv(args), await args.request.formData());

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex" }] : [];

export default function Appointment({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to, language } = useLanguage();
  const { details, booked, rescheduled, live, review } = loaderData;
  const embedded = useRootData().site.mode === "embed";
  // The forms' answers outlive the forms (gone once the visit is cancelled or reviewed): the page says what happened.
  const cancelled = useFetcher<CancelAnswer>({ key: CANCEL_FETCHER }).data?.done === "cancel";
  const reviewSent = useFetcher<ReviewAnswer>({ key: REVIEW_FETCHER }).data?.done === "review";
  useBookingEvents(details, { booked: Boolean(booked), cancelled });
  const notice = cancelled
    ? t("appointment.cancelled")
    : rescheduled
      ? t("appointment.rescheduled")
      : booked
        ? t(details.payment.link?.state === "due" ? "payment.bookedAwaitingPayment" : "appointment.booked")
        : null;
  const noticeRef = useMoveFocus<HTMLParagraphElement>(notice);
  // Keyed by the review shown: the answer may come before the page's data has the review to thank beside.
  const thanksRef = useMoveFocus<HTMLParagraphElement>(reviewSent ? review?.id : null);
  const place = details.location;
  const mapUrl = place
    ? `https://www.openstreetmap.org/?mlat=${place.latitude}&mlon=${place.longitude}#map=17/${place.latitude}/${place.longitude}`
    : null;
  return (
    <div className="page page--narrow appointment-page">
      <p>
        <Link className="link-target" to={to("appointments")}>
          {t("appointment.back")}
        </Link>
      </p>
      {notice ? (
        <p className="booking-notice booking-notice--success" role="status" tabIndex={-1} ref={noticeRef}>
          {notice}
        </p>
      ) : null}
      <h1>{details.services.join(", ") || t("appointment.title")}</h1>
      <p className="appointment-page__when">
        <time dateTime={details.startsAt}>{details.when}</time>
        <span className={`status-badge status-badge--${details.statusId}`}>{t(statusKey(details.statusId))}</span>
      </p>
      {place ? <ZoneNote timeZone={place.timeZone} zoneName={place.timeZoneName} /> : null}
      <section className="booking-step" aria-labelledby="appointment-services">
        <h2 id="appointment-services" className="booking-step__title">
          {t("appointment.services")}
        </h2>
        <ul className="basket-lines">
          {details.lines.map((line) => (
            <li key={line.id} className="basket-line">
              <div className="basket-line__main">
                {/* Names the business wrote, in its own language. */}
                <h3 className="basket-line__service" translate="no">
                  {line.name}
                  {line.variantName ? <span className="basket-line__variant"> · {line.variantName}</span> : null}
                </h3>
                <p className="basket-line__when">{line.time}</p>
                <p className="basket-line__who">
                  {line.employees.map((employee) => employee.name).join(", ") || t("booking.anyEmployee")}
                </p>
              </div>
              <p className="basket-line__price">
                {/* A class's price is per seat: "2 × €15" beside the total of all seats below. */}
                {details.seats > 1 ? `${details.seats} × ` : ""}
                {formatPrice(line.priceMinor, line.currency, language)}
              </p>
            </li>
          ))}
        </ul>
      </section>
      <dl className="appointment-facts">
        <div>
          <dt>{t("basket.total")}</dt>
          <dd>
            {formatPrice(details.totalMinor, details.currency, language)}
            {details.coveredByMembership ? (
              <span className="covered-by-membership"> · {t("booking.coveredByMembership")}</span>
            ) : null}
          </dd>
        </div>
        <div className="appointment-facts__payment">
          <dt>{t("payment.title")}</dt>
          <dd>
            <PaymentSummary payment={details.payment} language={language} />
          </dd>
        </div>
        {/* Only a class seats several: one person's appointment has no seats to count. */}
        {details.seats > 1 ? (
          <div>
            <dt>{t("appointment.seats")}</dt>
            <dd>{details.seats}</dd>
          </div>
        ) : null}
        {details.note ? (
          <div>
            <dt>{t("appointment.note")}</dt>
            {/* The client's own words, in whatever language they wrote them. */}
            <dd translate="no">{details.note}</dd>
          </div>
        ) : null}
      </dl>
      {place ? (
        <section className="booking-step" aria-labelledby="appointment-place">
          <h2 id="appointment-place" className="booking-step__title">
            {t("appointment.place")}
          </h2>
          <p>
            <Link className="link-target" to={to(`location/${place.slug}`)} translate="no">
              {place.name}
            </Link>
            <br />
            {place.address}
          </p>
          {mapUrl ? (
            <a className="link-target" href={mapUrl} target="_blank" rel="noopener">
              {t("location.openMap")}
            </a>
          ) : null}
        </section>
      ) : null}
      <div className="appointment-actions">
        {details.statusId !== APPOINTMENT_STATUS.cancelled ? (
          <a className="button button--secondary" href={details.icsLink} download>
            {t("appointment.addToCalendar")}
          </a>
        ) : null}
        {live && details.cancellableUntil && !details.isClass ? (
          <Link className="button button--secondary" to={to(`appointments/${details.id}/reschedule`)}>
            {t("appointment.reschedule")}
          </Link>
        ) : null}
      </div>
      {/* Right after booking is when a reminder on this device is worth asking about; never inside an embed's frame. */}
      {booked && !embedded ? <EnablePush lead={t("push.leadAfterBooking")} /> : null}
      {live ? (
        details.cancellableUntil ? (
          <CancelAppointment until={details.cancellableUntil} />
        ) : (
          <p className="basket-line__note">
            {t("appointment.notCancellable")}{" "}
            {details.location?.phone ? (
              // The only way left to change the booking: a target of its own, though it ends the sentence.
              <a className="link-target" href={telHref(details.location.phone)}>
                {details.location.phone}
              </a>
            ) : null}
          </p>
        )
      ) : null}
      {review ? (
        <section className="booking-step" aria-labelledby="appointment-review">
          <h2 id="appointment-review" className="booking-step__title">
            {t("review.yours")}
          </h2>
          {reviewSent ? (
            <p className="booking-notice booking-notice--success" role="status" tabIndex={-1} ref={thanksRef}>
              {t("review.thanks")}
            </p>
          ) : null}
          <div className="review">
            <ReviewCard review={review} />
          </div>
        </section>
      ) : details.statusId === APPOINTMENT_STATUS.completed && !details.reviewId ? (
        <ReviewForm />
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
