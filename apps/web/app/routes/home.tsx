import { Form, Link } from "react-router";
import type { CollectionDocument } from "@termin/contracts/jsonapi";
import type {
  CityResource,
  LocationResource,
  MarketplaceServiceResource,
  MediaResource,
} from "@termin/contracts/catalogue-resources";
import { useTranslation } from "../i18n/i18n-context.tsx";
import type { Route } from "./+types/home";
import { keepAfterToggles } from "../client-area/keep-after-toggles.ts";
import { Included } from "../api/included.ts";
import { savedLocationIds } from "../client-area/saved-locations.ts";
import { LOCATION_CARD_INCLUDE, pictureOf, toLocationCard } from "../catalogue/location-card-data.ts";
import { LocationCard } from "../catalogue/LocationCard.tsx";
import { Picture } from "../catalogue/Picture.tsx";
import { inspirationLabel } from "../catalogue/inspiration/inspiration-label.ts";
import { SearchField } from "../catalogue/SearchField.tsx";
import { ServiceChips } from "../catalogue/ServiceChips.tsx";
import { formatCount } from "../lib/format.ts";
import { useLanguage, useRootData } from "../lib/use-language.ts";
import { clientPageEnv } from "../page-data/client-env.ts";
import { homeOfSite, type PageEnv } from "../page-data/page-env.ts";
import { serverPageEnv } from "../page-data/server-env.server.ts";
import { RouteErrorPage } from "../ui/RouteErrorPage.tsx";

async function load(env: PageEnv<Route.LoaderArgs["params"]>) {
  homeOfSite(env);
  const { api, t } = env;
  const [services, featured, cities, inspiration] = await Promise.all([
    api.get<CollectionDocument<MarketplaceServiceResource>>("marketplace-services", { "page[size]": "100" }),
    api.get<CollectionDocument<LocationResource>>("locations", {
      sort: "-rating,-review_count",
      "page[size]": "6",
      include: LOCATION_CARD_INCLUDE,
    }),
    api.get<CollectionDocument<CityResource>>("cities", { sort: "-location_count", "page[size]": "12" }),
    api.get<CollectionDocument<MediaResource>>("media", {
      "filter[inspiration]": "true",
      sort: "-like_count",
      "page[size]": "10",
    }),
  ]);
  const included = new Included(featured.included);
  const saved = await savedLocationIds(
    env.viewerApi,
    featured.data.map((location) => location.id),
  );
  return {
    title: `${t("home.metaTitle")} · ${env.config.appName}`,
    description: t("home.metaDescription"),
    services: services.data.map(({ attributes: { slug, name } }) => ({ slug, name })),
    featured: featured.data.map((location) => toLocationCard(location, included, { saved: saved.has(location.id) })),
    cities: cities.data
      .filter((city) => city.attributes.location_count > 0)
      .map(({ attributes: { slug, name, location_count } }) => ({ slug, name, locationCount: location_count })),
    inspiration: inspiration.data.map((media) => ({
      id: media.id,
      kind: media.attributes.kind,
      picture: pictureOf(media),
    })),
  };
}

export const loader = (args: Route.LoaderArgs) => load(serverPageEnv(args));
export const clientLoader = async (args: Route.ClientLoaderArgs) => load(await clientPageEnv(args));

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: "description", content: loaderData.description }] : [];

/** Saving a place or liking a picture here needs no new page data (the toggle shows the answer). */
export const shouldRevalidate = keepAfterToggles;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { config } = useRootData();
  const { language, to } = useLanguage();
  const { services, featured, cities, inspiration } = loaderData;
  return (
    <div className="page home">
      <section className="hero">
        <h1>{t("home.title")}</h1>
        <p className="hero__lead">{t("home.subtitle")}</p>
        <Form method="get" action={to("search")} role="search" className="search-form">
          <SearchField />
        </Form>
      </section>

      <section aria-labelledby="home-services">
        <div className="section-heading">
          <h2 id="home-services">{t("home.popularServices")}</h2>
          <Link to={to("services")}>{t("home.allServices")}</Link>
        </div>
        <ServiceChips services={services} />
      </section>

      <section aria-labelledby="home-featured">
        <div className="section-heading">
          <h2 id="home-featured">{t("home.featured")}</h2>
          <Link to={to("locations")}>{t("home.allLocations")}</Link>
        </div>
        <ul className="card-grid">
          {featured.map((location, index) => (
            <li key={location.slug}>
              <LocationCard location={location} eager={index < 2} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="home-lookbook">
        <div className="section-heading">
          <h2 id="home-lookbook">{t("home.lookBook")}</h2>
          <Link to={to("inspiration")}>{t("home.openLookBook")}</Link>
        </div>
        <ul className="strip">
          {inspiration.map((media) => (
            <li key={media.id}>
              <Link
                to={to(`inspiration/view/${media.id}`)}
                className="strip__item"
                aria-label={inspirationLabel(t, { kind: media.kind, alt: media.picture.alt })}
              >
                <Picture
                  picture={{ ...media.picture, alt: "" }}
                  sizes="10rem"
                  largestSide={480}
                  className="strip__image"
                />
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="home-cities">
        <h2 id="home-cities">{t("home.cities")}</h2>
        <ul className="chips">
          {cities.map((city) => (
            <li key={city.slug}>
              <Link className="chip" to={`${to("locations")}?city=${city.slug}`}>
                {city.name} <span className="chip__count">{formatCount(city.locationCount, language)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="card partner-cta" aria-labelledby="for-business">
        <h2 id="for-business">{t("home.business.title")}</h2>
        <p>{t("home.business.body")}</p>
        <a className="button" href={config.businessPartnersUrl} target="_blank" rel="noopener">
          {t("menu.businessPartners")}
        </a>
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
