import { Link } from "react-router";
import type { CollectionDocument } from "@termin/contracts/jsonapi";
import type { CityResource, LocationResource, NeighborhoodResource } from "@termin/contracts/catalogue-resources";
import { useTranslation } from "../i18n/i18n-context.tsx";
import type { Route } from "./+types/locations";
import { keepAfterToggles } from "../client-area/keep-after-toggles.ts";
import { Included } from "../api/included.ts";
import { savedLocationIds } from "../client-area/saved-locations.ts";
import { LOCATION_CARD_INCLUDE, toLocationCard } from "../catalogue/location-card-data.ts";
import { LocationCard } from "../catalogue/LocationCard.tsx";
import { formatCount } from "../lib/format.ts";
import { useLanguage } from "../lib/use-language.ts";
import { clientPageEnv } from "../page-data/client-env.ts";
import type { PageEnv } from "../page-data/page-env.ts";
import { serverPageEnv } from "../page-data/server-env.server.ts";
import { RouteErrorPage } from "../ui/RouteErrorPage.tsx";
import { Pager } from "../ui/Pager.tsx";

const PAGE_SIZE = 24;
const MAX_PAGE = 500;
const SLUG = /^[a-z0-9-]{1,80}$/;

/** The marketplace's directory: cities, then a city's locations (with its neighbourhoods to narrow). */
async function load(env: PageEnv<Route.LoaderArgs["params"]>) {
  const { api, url, t, site } = env;
  const citySlug = url.searchParams.get("city");
  // A neighbourhood is one of ours only when it is a slug; anything else is dropped, as a page past the last.
  const requested = url.searchParams.get("neighborhood");
  const neighborhood = requested !== null && SLUG.test(requested) ? requested : null;
  const page = Math.max(1, Math.min(MAX_PAGE, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  if (site.mode !== "marketplace") {
    // One business's own site: its places at once, without the marketplace's city directory.
    const places = await api.get<CollectionDocument<LocationResource>>("locations", {
      include: LOCATION_CARD_INCLUDE,
      sort: "name",
      "page[size]": "100",
    });
    const cards = new Included(places.included);
    const saved = await savedLocationIds(
      env.viewerApi,
      places.data.map((location) => location.id),
    );
    return {
      title: `${t("locations.title")} · ${site.business.name}`,
      directory: [],
      city: null,
      business: {
        locations: places.data.map((location) => toLocationCard(location, cards, { saved: saved.has(location.id) })),
      },
    };
  }
  const cities = await api.get<CollectionDocument<CityResource>>("cities", { sort: "name", "page[size]": "100" });
  const city = cities.data.find((c) => c.attributes.slug === citySlug);
  const directory = cities.data
    .filter((c) => c.attributes.location_count > 0)
    .map(({ attributes: { slug, name, location_count } }) => ({ slug, name, locationCount: location_count }));
  if (!city) {
    return { title: `${t("locations.title")} · ${env.config.appName}`, directory, city: null, business: null };
  }
  const [locations, neighborhoods] = await Promise.all([
    api.get<CollectionDocument<LocationResource>>("locations", {
      "filter[city]": city.attributes.slug,
      ...(neighborhood ? { "filter[neighborhood]": neighborhood } : {}),
      include: LOCATION_CARD_INCLUDE,
      "page[size]": String(PAGE_SIZE),
      "page[number]": String(page),
    }),
    api.get<CollectionDocument<NeighborhoodResource>>("neighborhoods", {
      "filter[city]": city.attributes.slug,
      "page[size]": "100",
    }),
  ]);
  const included = new Included(locations.included);
  const saved = await savedLocationIds(
    env.viewerApi,
    locations.data.map((location) => location.id),
  );
  return {
    title: `${t("locations.inCity", { city: city.attributes.name })} · ${env.config.appName}`,
    directory,
    city: {
      slug: city.attributes.slug,
      name: city.attributes.name,
      neighborhood,
      neighborhoods: neighborhoods.data.map(({ attributes: { slug, name } }) => ({ slug, name })),
      locations: locations.data.map((location) =>
        toLocationCard(location, included, { saved: saved.has(location.id) }),
      ),
      page,
      pageCount: locations.meta.pageCount,
    },
    business: null,
  };
}

export const loader = (args: Route.LoaderArgs) => load(serverPageEnv(args));
export const clientLoader = async (args: Route.ClientLoaderArgs) => load(await clientPageEnv(args));

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/** Saving a place or liking a picture here needs no new page data (the toggle shows the answer). */
export const shouldRevalidate = keepAfterToggles;

export default function Locations({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { city, directory, business } = loaderData;
  if (business) {
    return (
      <div className="page locations-page">
        <h1>{t("locations.title")}</h1>
        <ul className="card-grid">
          {business.locations.map((location, index) => (
            <li key={location.slug}>
              <LocationCard location={location} eager={index < 2} headingLevel="h2" />
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (!city) {
    return (
      <div className="page locations-page">
        <h1>{t("locations.title")}</h1>
        <ul className="chips">
          {directory.map((entry) => (
            <li key={entry.slug}>
              <Link className="chip" to={`?city=${entry.slug}`}>
                {entry.name} <span className="chip__count">{formatCount(entry.locationCount, language)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <div className="page locations-page">
      <p>
        <Link to="?">{t("locations.allCities")}</Link>
      </p>
      <h1>{t("locations.inCity", { city: city.name })}</h1>
      {city.neighborhoods.length > 0 ? (
        <nav aria-label={t("locations.neighborhoods")}>
          <ul className="chips chips--scroll">
            <li>
              <Link className="chip" to={`?city=${city.slug}`} aria-current={city.neighborhood ? undefined : "true"}>
                {t("locations.everywhere")}
              </Link>
            </li>
            {city.neighborhoods.map((entry) => (
              <li key={entry.slug}>
                <Link
                  className="chip"
                  to={`?city=${city.slug}&neighborhood=${entry.slug}`}
                  aria-current={city.neighborhood === entry.slug ? "true" : undefined}
                >
                  {entry.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {city.locations.length === 0 ? (
        <p className="empty-state">{t("locations.empty")}</p>
      ) : (
        <ul className="card-grid">
          {city.locations.map((location, index) => (
            <li key={location.slug}>
              <LocationCard location={location} eager={index < 2} headingLevel="h2" />
            </li>
          ))}
        </ul>
      )}
      <Pager
        label={t("search.pages")}
        page={city.page}
        pageCount={city.pageCount}
        hrefOf={(page) => `?city=${city.slug}&page=${page}`}
        showPosition
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
