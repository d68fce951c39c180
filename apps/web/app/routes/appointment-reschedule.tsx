import { Form, Link, data, redirect, useLocation, useNavigation } from "react-router";
import type { SingleDocument } from "@termin/contracts/jsonapi";
import type { ServicePriceResource } from "@termin/contracts/offer-resources";
import type { Route } from "./+types/appointment-reschedule";
import { ApiError, type ApiClient } from "../api/client.ts";
import { Included } from "../api/included.ts";
import { loadAppointment } from "../booking/appointment-load.ts";
import { toDetails } from "../booking/appointment-data.ts";
import { rescheduleAppointment } from "../booking/appointments-api.ts";
import { unavailableTimes } from "../booking/booking-errors.ts";
import { EmployeeChoice } from "../booking/BookingChoices.tsx";
import { DayCalendar } from "../booking/DayCalendar.tsx";
import { localDateOf, shiftTimes } from "../booking/local-dates.ts";
import { bookingRules, employeesAt, locationById } from "../booking/offer-data.ts";
import { CalendarSkeleton, TimesSkeleton } from "../booking/PickerSkeleton.tsx";
import { loadPicker, toPickerTime } from "../booking/picker-data.ts";
import { TimesHeading } from "../booking/TimesHeading.tsx";
import { TimeSlots } from "../booking/TimeSlots.tsx";
import { useLiveFreeTimes } from "../booking/use-live-free-times.ts";
import { useTimeTakenMeanwhile } from "../booking/use-time-taken-meanwhile.ts";
import { useMoveFocus } from "../ui/use-move-focus.ts";
import { ZoneNote } from "../booking/ZoneNote.tsx";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { sitePath } from "../embed/embed-paths.ts";
import { useLanguage } from "../lib/use-language.ts";
import { clientPageEnv } from "../page-data/client-env.ts";
import type { PageEnv } from "../page-data/page-env.ts";
import { serverPageEnv } from "../page-data/server-env.server.ts";
import { FormAlert } from "../ui/form/Field.tsx";
import { RouteErrorPage } from "../ui/RouteErrorPage.tsx";
import { SubmitButton } from "../ui/SubmitButton.tsx";
import "../booking/booking.css";

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** The service a price belongs to (to offer only the people who perform it); null if the API does not say. */
async function serviceOfPrice(api: ApiClient, priceId: string): Promise<string | null> {
  try {
    const price = await api.get<SingleDocument<ServicePriceResource>>(`service-prices/${encodeURIComponent(priceId)}`);
    const service = price.data.relationships?.service?.data;
    return service && !Array.isArray(service) ? service.id : null;
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return null;
    throw error;
  }
}

/** The appointment, checked to be movable: still ahead and within the business's notice. */
async function movableAppointment(env: PageEnv<Route.LoaderArgs["params"]>) {
  const { language, params } = env;
  const { api } = env.requireViewer();
  const document = await loadAppointment(api, params.id);
  const details = toDetails(document.data, new Included(document.included), language, new Date());
  const first = details.lines[0];
  if (!details.cancellableUntil || !details.location || !details.appointmentId || !first?.servicePriceId) {
    throw redirect(sitePath(env.site, language, `appointments/${params.id}`));
  }
  return { language, api, details, first, servicePriceId: first.servicePriceId, locationId: details.location.id };
}

/**
 * Moving an appointment (login required): the same picker as booking, for its first service; the other
 * services move with it, keeping their distance and their employees. `employee` is the first service's
 * employee (`any` for anyone); without it, the one it has now.
 */
async function load(env: PageEnv<Route.LoaderArgs["params"]>) {
  const { url, t } = env;
  const { language, api, details, first, servicePriceId, locationId } = await movableAppointment(env);
  const location = await locationById(api, locationId);
  if (!location) throw data(null, { status: 404 });
  const [rules, serviceId] = await Promise.all([
    bookingRules(api, location.businessId),
    serviceOfPrice(api, servicePriceId),
  ]);
  const employees = await employeesAt(api, location.id, serviceId ?? undefined);
  const asked = url.searchParams.get("employee");
  const current = first.employees[0]?.id ?? null;
  const employeeId = asked === "any" ? null : (employees.find((each) => each.id === asked)?.id ?? current);
  const picker = await loadPicker({
    api,
    location,
    rules,
    servicePriceId,
    employeeId,
    // It opens at the appointment's own day: a move is most often to another time that day.
    from: url.searchParams.get("from") ?? localDateOf(first.startsAt),
    date: url.searchParams.get("date") ?? localDateOf(first.startsAt),
    language,
    now: new Date(),
    movingAppointmentId: details.appointmentId,
    // The other services move with the first, keeping their distance and employees: offer times where all fit.
    followers: details.lines.slice(1).flatMap((line) =>
      line.servicePriceId
        ? [
            {
              servicePriceId: line.servicePriceId,
              employeeId: line.employees[0]?.id ?? null,
              offsetMs: Date.parse(line.startsAt) - Date.parse(first.startsAt),
            },
          ]
        : [],
    ),
  });
  return {
    title: `${t("reschedule.title")} · ${env.config.appName}`,
    details: { id: details.id, when: details.when, services: details.services, place: location.name },
    employees,
    employeeId,
    picker,
  };
}

export const loader = (args: Route.LoaderArgs) => load(serverPageEnv(args));
export const clientLoader = async (args: Route.ClientLoaderArgs) => load(await clientPageEnv(args));

/** Moves the appointment to the chosen time; a refusal says why, with the nearest free times of its first service. */
async function act(env: PageEnv<Route.ActionArgs["params"]>, form: FormData) {
  const { t } = env;
  const { language, api, details, first } = await movableAppointment(env);
  const startsAt = String(form.get("startsAt") ?? "");
  const employee = String(form.get("employee") ?? "");
  if (Number.isNaN(Date.parse(startsAt)))
    return data({ error: t("booking.chooseTime"), alternatives: [] }, { status: 400 });
  const starts = shiftTimes(
    details.lines.map((line) => line.startsAt),
    startsAt,
  );
  const answer = await rescheduleAppointment(
    api,
    details.appointmentId ?? "",
    details.lines.map((line, index) => ({
      employeeId: index === 0 ? (/^\d+$/.test(employee) ? employee : null) : (line.employees[0]?.id ?? null),
      startsAt: starts[index] ?? line.startsAt,
    })),
  );
  if (answer.booked) throw redirect(sitePath(env.site, language, `appointments/${details.id}?rescheduled=1`));
  const unavailable = unavailableTimes(answer.errors);
  const firstProblem = unavailable[0];
  return data(
    {
      error:
        firstProblem?.reason === "taken"
          ? t("reschedule.taken", { service: details.lines[firstProblem.index]?.name ?? first.name })
          : firstProblem?.reason === "own"
            ? t("booking.overlapsOwn")
            : (answer.errors[0]?.detail ?? t("booking.timeGone")),
      alternatives: (unavailable.find((each) => each.index === 0)?.alternatives ?? []).map((time) =>
        toPickerTime(time, language),
      ),
    },
    { status: answer.status },
  );
}

export const action = async (args: Route.ActionArgs) => act(serverPageEnv(args), await args.request.formData());
export const clientAction = async (args: Route.ClientActionArgs) =>
  act(await clientPageEnv(args), await args.request.formData());

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex" }] : [];

export default function Reschedule({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to } = useLanguage();
  const { search, pathname } = useLocation();
  const navigation = useNavigation();
  const { details, employees, employeeId, picker } = loaderData;
  useLiveFreeTimes(picker.live);
  const loading = navigation.state === "loading" && navigation.location.pathname === pathname;
  const saving = navigation.state === "submitting";
  const alternatives = actionData?.alternatives ?? [];
  const times = alternatives.length > 0 ? alternatives : picker.times;
  const taken = useTimeTakenMeanwhile(times, search);
  const alert = useMoveFocus<HTMLParagraphElement>(taken.takenChoice, { onArrival: false });
  return (
    <div className="page page--narrow booking-page">
      <p>
        <Link to={to(`appointments/${details.id}`)}>{t("reschedule.back")}</Link>
      </p>
      <h1>{t("reschedule.title")}</h1>
      <p className="booking-page__place">
        <span>{details.services.join(", ")}</span>
        <span className="booking-page__address">
          {details.place} · {t("reschedule.now", { when: details.when })}
        </span>
      </p>
      {details.services.length > 1 ? <p className="basket-line__note">{t("reschedule.together")}</p> : null}
      <EmployeeChoice employees={employees} selectedId={employeeId} search={search} anyParam="any" />
      {loading ? (
        <section className="booking-step" aria-busy="true" aria-label={t("common.loading")}>
          <CalendarSkeleton />
        </section>
      ) : (
        <DayCalendar picker={picker} search={search} />
      )}
      <section className="booking-step" aria-labelledby="booking-time">
        <TimesHeading picker={picker} />
        <ZoneNote timeZone={picker.timeZone} zoneName={picker.timeZoneName} />
        <FormAlert message={actionData?.error ?? (taken.takenChoice ? t("booking.timeGone") : undefined)} ref={alert} />
        {alternatives.length > 0 ? <p className="basket-line__note">{t("basket.alternatives")}</p> : null}
        {loading ? (
          <TimesSkeleton />
        ) : times.length === 0 ? (
          <p className="empty-state">{picker.selectedDate ? t("booking.noTimesDay") : t("booking.noTimes")}</p>
        ) : (
          <Form method="post" className="booking-form" onChange={taken.onChange}>
            <input type="hidden" name="employee" value={employeeId ?? "any"} />
            <TimeSlots times={times} />
            <div className="booking-form__actions">
              <SubmitButton pending={saving} className="button">
                {t("reschedule.confirm")}
              </SubmitButton>
            </div>
          </Form>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
