import { Form, Link, useNavigation, useSubmit } from "react-router";
import type { CollectionDocument } from "@termin/contracts/jsonapi";
import type { CityResource, MarketplaceServiceResource } from "@termin/contracts/catalogue-resources";
import type { SearchResultResource } from "@termin/contracts/search-resources";
import { useTranslation } from "../i18n/i18n-context.tsx";
import type { Route } from "./+types/search";
import { Included } from "../api/included.ts";
import { serverApiClient } from "../api/server-client.server.ts";
import { LOCATION_CARD_INCLUDE, toLocationCard } from "../catalogue/location-card-data.ts";
import { LocationCard } from "../catalogue/LocationCard.tsx";
import { LocationCardSkeletons } from "../catalogue/LocationCardSkeletons.tsx";
import { withSearchParams, type SearchParams } from "../catalogue/search-links.ts";
import { parseSearchParams, toApiQuery } from "../catalogue/search-params.ts";
import { SearchField } from "../catalogue/SearchField.tsx";
import { ShareButton } from "../catalogue/ShareButton.tsx";
import { publicConfig } from "../lib/config.server.ts";
import { formatCount } from "../lib/format.ts";
import { pageLanguage } from "../lib/language.server.ts";
import { serverT } from "../lib/server-i18n.ts";
import { useLanguage } from "../lib/use-language.ts";
import { RouteErrorPage } from "../ui/RouteErrorPage.tsx";

const PAGE_SIZE = 20;

export async function loader({ request, params, url, context }: Route.LoaderArgs) {
  const language = pageLanguage(request, params.lang);
  const api = serverApiClient(request, url, language);
  const search = parseSearchParams(url.searchParams);
  const [results, cities, services] = await Promise.all([
    api.get<CollectionDocument<SearchResultResource>>("search", {
      ...toApiQuery(search, PAGE_SIZE),
      include: LOCATION_CARD_INCLUDE,
    }),
    api.get<CollectionDocument<CityResource>>("cities", { sort: "name", "page[size]": "100" }),
    api.get<CollectionDocument<MarketplaceServiceResource>>("marketplace-services", { "page[size]": "100" }),
  ]);
  const included = new Included(results.included);
  const t = serverT(context);
  const cityName = cities.data.find((city) => city.attributes.slug === search.city)?.attributes.name;
  const serviceName = services.data.find((service) => service.attributes.slug === search.service)?.attributes.name;
  const subject = [search.q ?? serviceName, cityName].filter(Boolean).join(" · ");
  return {
    search,
    title: `${subject ? `${subject} · ` : ""}${t("search.title")} · ${publicConfig.appName}`,
    description: t("search.metaDescription"),
    results: results.data.map((location) =>
      toLocationCard(location, included, {
        priceFrom:
          location.meta.price_minor_from !== null && location.meta.currency !== null
            ? { minor: location.meta.price_minor_from, currency: location.meta.currency }
            : null,
        distanceKm: location.meta.distance_km,
      }),
    ),
    total: results.meta.total,
    pageCount: results.meta.pageCount,
    cities: cities.data.map(({ attributes: { slug, name } }) => ({ slug, name })),
    services: services.data.map(({ attributes: { slug, name } }) => ({ slug, name })),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        { title: loaderData.title },
        { name: "description", content: loaderData.description },
        // Result pages change by the minute and multiply by filters: keep them out of indexes, follow their links.
        { name: "robots", content: "noindex, follow" },
      ]
    : [];

const RATINGS = [4, 4.5];

function Filters({
  search,
  cities,
  services,
}: Pick<Route.ComponentProps["loaderData"], "search" | "cities" | "services">) {
  const { t } = useTranslation();
  const { language, to } = useLanguage();
  const submit = useSubmit();
  return (
    <Form
      method="get"
      action={to("search")}
      role="search"
      className="search-filters"
      // With JavaScript, a changed filter applies at once; without, the Search button submits.
      onChange={(event) => {
        if (event.target instanceof HTMLSelectElement) {
          void submit(event.currentTarget);
        }
      }}
    >
      <SearchField key={search.q ?? ""} defaultValue={search.q ?? ""} />
      <div className="search-filters__row">
        <div>
          <label htmlFor="filter-city">{t("search.city")}</label>
          <select id="filter-city" name="city" defaultValue={search.city ?? ""}>
            <option value="">{t("search.anyCity")}</option>
            {cities.map((city) => (
              <option key={city.slug} value={city.slug}>
                {city.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-service">{t("search.service")}</label>
          <select id="filter-service" name="service" defaultValue={search.service ?? ""}>
            <option value="">{t("search.anyService")}</option>
            {services.map((service) => (
              <option key={service.slug} value={service.slug}>
                {service.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-rating_min">{t("search.rating")}</label>
          <select id="filter-rating_min" name="rating_min" defaultValue={search.rating_min ?? ""}>
            <option value="">{t("search.anyRating")}</option>
            {RATINGS.map((rating) => (
              <option key={rating} value={rating}>
                {t("search.ratingAtLeast", { rating: new Intl.NumberFormat(language).format(rating) })}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-sort">{t("search.sort")}</label>
          <select id="filter-sort" name="sort" defaultValue={search.sort ?? ""}>
            <option value="">{t("search.sortBest")}</option>
            <option value="rating">{t("search.sortRating")}</option>
            <option value="price">{t("search.sortPrice")}</option>
          </select>
        </div>
      </div>
      {search.near ? <input type="hidden" name="near" value={search.near} /> : null}
    </Form>
  );
}

function Pagination({ search, pageCount }: { search: SearchParams; pageCount: number }) {
  const { t } = useTranslation();
  const page = search.page ?? 1;
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label={t("search.pages")}>
      {page > 1 ? (
        <Link to={withSearchParams(search, { page: page - 1 })} rel="prev">
          {t("search.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span>{t("search.pageOf", { page, total: pageCount })}</span>
      {page < pageCount ? (
        <Link to={withSearchParams(search, { page: page + 1 })} rel="next">
          {t("search.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language, to } = useLanguage();
  const navigation = useNavigation();
  const { search, results, total, pageCount, cities, services } = loaderData;
  const searching = navigation.state === "loading" && navigation.location.pathname === to("search");
  return (
    <div className="page search-page">
      <h1>{t("search.title")}</h1>
      <Filters search={search} cities={cities} services={services} />
      <div className="section-heading search-page__summary">
        <p role="status">{t("search.resultCount", { count: total, formatted: formatCount(total, language) })}</p>
        <ShareButton title={t("search.title")} />
      </div>
      {searching ? (
        <LocationCardSkeletons count={Math.min(Math.max(results.length, 2), 6)} />
      ) : results.length > 0 ? (
        <ul className="card-grid">
          {results.map((location, index) => (
            <li key={location.slug}>
              <LocationCard location={location} eager={index < 2} headingLevel="h2" />
            </li>
          ))}
        </ul>
      ) : (
        <div className="empty-state">
          <h2>{t("search.emptyTitle")}</h2>
          <p>{t("search.emptyBody")}</p>
          <Link className="button" to={to("search")}>
            {t("search.clear")}
          </Link>
        </div>
      )}
      <Pagination search={search} pageCount={pageCount} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
