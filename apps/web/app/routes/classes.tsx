import { Link, data } from "react-router";
import type { Route } from "./+types/classes";
import { todayIn } from "../booking/local-dates.ts";
import { readClassWeekQuery, weekLabels } from "../classes/class-week.ts";
import { chooseCity } from "../catalogue/choose-city.ts";
import { locationOf, weekOfSessions } from "../classes/class-sessions.ts";
import { ClassWeek } from "../classes/ClassWeek.tsx";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLanguage, useRootData } from "../lib/use-language.ts";
import { clientPageEnv } from "../page-data/client-env.ts";
import type { PageEnv } from "../page-data/page-env.ts";
import { serverPageEnv } from "../page-data/server-env.server.ts";
import { RouteErrorPage } from "../ui/RouteErrorPage.tsx";
import "../classes/classes.css";

/** The marketplace's classes: a week of sessions in one city, with their seats left, filters and week paging. */
async function load(env: PageEnv<Route.LoaderArgs["params"]>) {
  const { api, t, language, params, url } = env;
  const asked = url.searchParams.get("city");
  const chosen = await chooseCity(api, language, asked);
  const { cities } = chosen;
  // One place's classes: an embed's (embed/location-classes/:locationSlug) or ?location=slug (its page links
  // here); else the city's.
  const placeSlug = params.locationSlug ?? url.searchParams.get("location");
  const place = await locationOf(api, placeSlug);
  if (placeSlug && params.locationSlug && !place) throw data(null, { status: 404 });
  const today = todayIn(place?.timeZone ?? chosen.city?.timeZone ?? "UTC", new Date());
  const query = readClassWeekQuery(url.searchParams, today);
  const cityWeek = (id: string) => weekOfSessions(api, { cityId: id }, { week: query.week, language });
  let city = chosen.city;
  let sessions = place
    ? await weekOfSessions(api, { locationId: place.id }, { week: query.week, language })
    : city
      ? await cityWeek(city.id)
      : [];
  // A visitor's own city without classes this week (no city asked for): the largest city that has some, and the
  // page says it is showing another city.
  let emptyCity: string | null = null;
  if (!place && !asked && city && sessions.length === 0) {
    for (const other of cities.filter((each) => each.id !== city?.id)) {
      const found = await cityWeek(other.id);
      if (found.length === 0) continue;
      emptyCity = city.name;
      city = other;
      sessions = found;
      break;
    }
  }
  const heading = place
    ? t("classes.atPlace", { place: place.name })
    : city
      ? t("classes.inCity", { city: city.name })
      : t("classes.title");
  return {
    heading,
    place: place ? { slug: place.slug, name: place.name } : null,
    title: `${heading} · ${env.config.appName}`,
    description: t("classes.metaDescription"),
    cities: cities.map(({ slug, name }) => ({ slug, name })),
    city: city ? { slug: city.slug, name: city.name } : null,
    emptyCity,
    today,
    query,
    sessions,
    labels: weekLabels(query.week, language),
  };
}

export const loader = (args: Route.LoaderArgs) => load(serverPageEnv(args));
export const clientLoader = async (args: Route.ClientLoaderArgs) => load(await clientPageEnv(args));

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: "description", content: loaderData.description }] : [];

export default function Classes({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to } = useLanguage();
  const { city, cities, query } = loaderData;
  const embedded = useRootData().site.mode === "embed";
  return (
    <div className="page classes-page">
      <h1>{loaderData.heading}</h1>
      <p className="hero__lead">{t("classes.lead")}</p>
      {loaderData.emptyCity && city ? (
        <p role="status">{t("classes.noneInCity", { empty: loaderData.emptyCity, city: city.name })}</p>
      ) : null}
      {/* An embed shows one place's week: no other cities to go to. */}
      {embedded ? null : (
        <nav aria-label={t("classes.cities")} className="classes-page__cities">
          <ul className="chips">
            {cities.map((each) => (
              <li key={each.slug}>
                <Link
                  className="chip"
                  to={`?city=${each.slug}&week=${query.week}`}
                  aria-current={each.slug === city?.slug ? "page" : undefined}
                >
                  {each.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {city || loaderData.place ? (
        <ClassWeek
          id="classes"
          query={query}
          today={loaderData.today}
          sessions={loaderData.sessions}
          labels={loaderData.labels}
          hidden={loaderData.place ? { location: loaderData.place.slug } : { city: city?.slug ?? "" }}
          showPlace={!loaderData.place}
          bookPath={(session) => to(`classes/${session.id}`)}
        />
      ) : (
        <p role="status">{t("classes.noneThisWeek")}</p>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
