import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/class-session";
import { ApiError } from "../api/client.ts";
import { addToBasket, basketClash, basketFromHolds, updateItem } from "../booking/basket.ts";
import { ReplaceBasketReason } from "../booking/ReplaceBasketQuestion.tsx";
import { releaseHolds } from "../booking/basket-actions.ts";
import { holdTime, refusalMessageKey } from "../booking/booking-api.ts";
import { localDateOf } from "../booking/local-dates.ts";
import { bookingRules, locationById } from "../booking/offer-data.ts";
import { maxSeatsPerBooking, sessionById } from "../classes/class-sessions.ts";
import { seatChoices } from "../classes/class-week.ts";
import { ownSeatsIn } from "../classes/own-seats.ts";
import { joinWaitlist, leaveWaitlist, ownWaitlistPlace } from "../classes/waitlist.ts";
import { orNothing } from "../client-area/or-nothing.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { formatPrice } from "../lib/format.ts";
import { formatClockTime } from "@termin/domain/time-format";
import { sitePath } from "../embed/embed-paths.ts";
import { useLanguage } from "../lib/use-language.ts";
import { clientPageEnv } from "../page-data/client-env.ts";
import type { PageEnv } from "../page-data/page-env.ts";
import { serverPageEnv } from "../page-data/server-env.server.ts";
import { RouteErrorPage } from "../ui/RouteErrorPage.tsx";
import { SubmitButton } from "../ui/SubmitButton.tsx";
import { seatsWatch } from "../booking/live-free-times.ts";
import { useLiveFreeTimes } from "../booking/use-live-free-times.ts";
import "../classes/classes.css";
import "../booking/booking.css";

async function loadSession(env: PageEnv<Route.LoaderArgs["params"]>) {
  const { api, language } = env;
  const id = env.params.sessionId;
  const session = await sessionById(api, id, language);
  if (!session?.location) throw data(null, { status: 404 });
  const location = await locationById(api, session.location.id);
  const [rules, maxSeats] = await Promise.all([
    bookingRules(api, location?.businessId ?? null),
    maxSeatsPerBooking(api, location?.businessId ?? null),
  ]);
  return { api, session, location, rules, seats: seatChoices(session.seatsLeft, maxSeats) };
}

/** One class session: how many seats, the price for them, then the basket or checkout as for any time. */
async function load(env: PageEnv<Route.LoaderArgs["params"]>) {
  const { language } = env;
  const { session, location, rules, seats } = await loadSession(env);
  const day = new Intl.DateTimeFormat(language, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
  const signedIn = env.viewerApi;
  const [place, ownSeats] = signedIn
    ? await Promise.all([
        orNothing("the waitlist", () => ownWaitlistPlace(signedIn, session.id), null),
        orNothing("the client's seats", () => ownSeatsIn(signedIn, session.id), null),
      ])
    : [null, null];
  const heldUntil =
    place?.offerExpiresAt && location
      ? formatClockTime(new Date(place.offerExpiresAt), language, location.timeZone)
      : null;
  return {
    signedIn: signedIn !== null,
    waitlist: place ? { ...place, heldUntil } : null,
    ownSeats,
    signInHref: signInHref(env),
    when: `${day.format(new Date(`${localDateOf(session.startsAt)}T00:00:00Z`))}, ${session.timeLabel}`,
    title: `${session.className} · ${env.config.appName}`,
    session,
    locationName: location?.name ?? session.location?.name ?? "",
    onlineBooking: rules.onlineBooking,
    seats,
  };
}

export const loader = (args: Route.LoaderArgs) => load(serverPageEnv(args));
export const clientLoader = async (args: Route.ClientLoaderArgs) => load(await clientPageEnv(args));

/** Sign-in, then back to the session. */
const signInHref = (env: PageEnv) =>
  sitePath(env.site, env.language, `sign-in?redirectTo=${encodeURIComponent(env.url.pathname)}`);

/**
 * Adds the seats to the basket ("add") or goes on to checkout ("book-now"); a signed-in client's seats are held at
 * once. A basket of another place is replaced only once the client said so (`replace=1`).
 */
async function act(env: PageEnv<Route.ActionArgs["params"]>, form: FormData) {
  const { t } = env;
  const { session, location, rules, seats } = await loadSession(env);
  const waitlistAnswer = await waitlistAction(env, form, { session, location });
  if (waitlistAnswer) return waitlistAnswer;
  const intent = form.get("intent") === "book-now" ? "book-now" : "add";
  const count = Number(form.get("seats"));
  if (!location || !rules.onlineBooking || !seats.includes(count)) {
    return data({ error: t("classes.seatsGone") }, { status: 409 });
  }
  const before = env.basket.read();
  const clash = basketClash(before, location.id, { ...session, seats: count });
  if (clash && form.get("replace") !== "1") {
    const other = clash === "otherPlace" ? await locationById(env.api, before.locationId) : location;
    if (other) return { replaceBasket: { clash, otherPlace: other.name, seats: count, intent } };
  }
  const added = addToBasket(
    before,
    { id: location.id, slug: location.slug },
    {
      servicePriceId: session.servicePriceId,
      employeeId: null,
      startsAt: session.startsAt,
      endsAt: session.endsAt,
      seats: count,
    },
    crypto.randomUUID().slice(0, 8),
  );
  if ("full" in added) return data({ error: t("booking.basketFull") }, { status: 409 });
  let basket = updateItem(added.basket, added.added.key, { seats: count });
  const signedIn = env.viewerApi;
  if (signedIn) {
    if (added.replacedBasket) await releaseHolds(signedIn, before.items);
    const hold = await holdTime(signedIn, location.id, { ...added.added, seats: count });
    if (!hold.held && hold.reason !== "unavailable") {
      return data({ error: t(refusalMessageKey(hold.reason)) }, { status: hold.reason === "invalid" ? 422 : 409 });
    }
    if (hold.held) {
      basket = updateItem(basket, added.added.key, { holdId: hold.holdId, holdExpiresAt: hold.expiresAt });
    }
  }
  throw redirect(sitePath(env.site, env.language, intent === "book-now" ? "checkout" : "basket"), {
    headers: await env.basket.keep(basket),
  });
}

export const action = async (args: Route.ActionArgs) => act(serverPageEnv(args), await args.request.formData());
export const clientAction = async (args: Route.ClientActionArgs) =>
  act(await clientPageEnv(args), await args.request.formData());

type Loaded = Awaited<ReturnType<typeof loadSession>>;

/**
 * The waitlist's intents: join a full session's line, leave it, or take the seats held for the client (into the
 * basket with their hold, on to checkout). Null for the other intents (seats into the basket).
 */
async function waitlistAction(
  env: PageEnv<Route.ActionArgs["params"]>,
  form: FormData,
  { session, location }: Pick<Loaded, "session" | "location">,
) {
  const intent = form.get("intent");
  if (intent !== "join-waitlist" && intent !== "leave-waitlist" && intent !== "take-offer") return null;
  const { url, t } = env;
  const signedIn = env.viewerApi;
  if (!signedIn) throw redirect(signInHref(env));
  if (intent === "join-waitlist") {
    try {
      await joinWaitlist(signedIn, session.id, 1);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 409 || error.status === 422)) {
        return data({ error: error.errors[0]?.detail ?? t("classes.seatsGone") }, { status: error.status });
      }
      throw error;
    }
    throw redirect(url.pathname);
  }
  const place = await ownWaitlistPlace(signedIn, session.id);
  if (intent === "leave-waitlist") {
    if (place) await leaveWaitlist(signedIn, place.id);
    throw redirect(url.pathname);
  }
  if (!place?.holdId || !place.offerExpiresAt || !location) {
    return data({ error: t("classes.offerGone") }, { status: 409 });
  }
  const basket = basketFromHolds(location, [
    {
      id: place.holdId,
      servicePriceId: session.servicePriceId,
      employeeId: null,
      startsAt: session.startsAt,
      endsAt: session.endsAt,
      expiresAt: place.offerExpiresAt,
      seats: place.seats,
    },
  ]);
  throw redirect(sitePath(env.site, env.language, "checkout"), { headers: await env.basket.keep(basket) });
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex" }] : [];

export default function ClassSession({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to } = useLanguage();
  const answer = useActionData<typeof act>();
  const navigation = useNavigation();
  const { session, seats } = loaderData;
  useLiveFreeTimes(seatsWatch([session]));
  const pending = navigation.state !== "idle";
  const question = answer && "replaceBasket" in answer ? answer.replaceBasket : null;
  const error = answer && "error" in answer ? answer.error : null;
  return (
    <div className="page class-session-page">
      <h1>{session.className}</h1>
      <p className="class-session-page__when">{loaderData.when}</p>
      <p>{loaderData.locationName}</p>
      {session.instructor ? <p>{t("classes.withInstructor", { name: session.instructor.name })}</p> : null}
      <p className="class-session__seats">
        {session.seatsLeft === 0 ? t("classes.full") : t("classes.seatsLeft", { count: session.seatsLeft })}
      </p>
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      {loaderData.ownSeats ? (
        <section className="class-own-seats" aria-labelledby="own-seats-title">
          <h2 id="own-seats-title">{t("classes.ownSeats", { count: loaderData.ownSeats.seats })}</h2>
          <Link className="button" to={to(`appointments/${loaderData.ownSeats.appointmentClientId}`)}>
            {t("classes.seeOwnBooking")}
          </Link>
        </section>
      ) : !loaderData.onlineBooking ? (
        <p>{t("location.bookByPhone")}</p>
      ) : loaderData.waitlist ? (
        <WaitlistPlaceView place={loaderData.waitlist} pending={pending} />
      ) : seats.length === 0 ? (
        <section className="class-waitlist" aria-labelledby="waitlist-title">
          <h2 id="waitlist-title">{t("classes.waitlistTitle")}</h2>
          <p>{t("classes.waitlistLead")}</p>
          {loaderData.signedIn ? (
            <Form method="post">
              <SubmitButton pending={pending} name="intent" value="join-waitlist" className="button">
                {t("classes.joinWaitlist")}
              </SubmitButton>
            </Form>
          ) : (
            <Link className="button" to={loaderData.signInHref}>
              {t("classes.signInToWait")}
            </Link>
          )}
          <p>
            <Link to={to("classes")}>{t("classes.otherSessions")}</Link>
          </p>
        </section>
      ) : question ? (
        <section className="booking-question" aria-labelledby="replace-basket-title">
          <h2 id="replace-basket-title" className="booking-question__title">
            {t("booking.replaceTitle")}
          </h2>
          <ReplaceBasketReason clash={question.clash} place={question.otherPlace} />
          <Form method="post" className="booking-form__actions">
            <input type="hidden" name="seats" value={question.seats} />
            <input type="hidden" name="replace" value="1" />
            <SubmitButton pending={pending} name="intent" value={question.intent} className="button">
              {t("booking.replaceConfirm")}
            </SubmitButton>
            <Link className="button button--secondary" to={to("basket")}>
              {t("booking.replaceKeep")}
            </Link>
          </Form>
        </section>
      ) : (
        <SeatsForm session={session} seats={seats} pending={pending} />
      )}
    </div>
  );
}

/** The client's place in line: their position and a way out, or the seats held for them to book. */
function WaitlistPlaceView(props: {
  place: NonNullable<Route.ComponentProps["loaderData"]["waitlist"]>;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const { place } = props;
  const offered = place.status === "offered";
  return (
    <section className="class-waitlist" aria-labelledby="waitlist-title">
      <h2 id="waitlist-title">{t(offered ? "classes.offerTitle" : "classes.waitlistTitle")}</h2>
      <p>
        {offered
          ? t("classes.offerHeld", { count: place.seats, time: place.heldUntil ?? "" })
          : t("classes.onWaitlist", { position: place.position ?? 1 })}
      </p>
      <Form method="post" className="booking-form__actions">
        {offered ? (
          <SubmitButton pending={props.pending} name="intent" value="take-offer" className="button">
            {t("classes.bookHeld")}
          </SubmitButton>
        ) : null}
        <SubmitButton pending={props.pending} name="intent" value="leave-waitlist" className="button button--secondary">
          {t(offered ? "classes.declineOffer" : "classes.leaveWaitlist")}
        </SubmitButton>
      </Form>
    </section>
  );
}

function SeatsForm(props: {
  session: Route.ComponentProps["loaderData"]["session"];
  seats: number[];
  pending: boolean;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { session } = props;
  return (
    <Form method="post" className="class-seats">
      <fieldset className="class-seats__choices">
        <legend>{t("classes.seats")}</legend>
        {props.seats.map((count) => (
          <label key={count} className="class-seats__choice">
            <input type="radio" name="seats" value={count} defaultChecked={count === 1} />
            <span>
              {t("classes.seatCount", { count })}
              {session.priceMinor !== null && session.currency
                ? ` · ${formatPrice(session.priceMinor * count, session.currency, language)}`
                : ""}
            </span>
          </label>
        ))}
      </fieldset>
      <div className="booking-form__actions">
        <SubmitButton pending={props.pending} name="intent" value="add" className="button">
          {t("booking.addToBasket")}
        </SubmitButton>
        <SubmitButton pending={props.pending} name="intent" value="book-now" className="button button--secondary">
          {t("booking.bookNow")}
        </SubmitButton>
      </div>
    </Form>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
