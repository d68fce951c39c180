import { redirect, useNavigation } from "react-router";
import type { CollectionDocument } from "@termin/contracts/jsonapi";
import type {
  BusinessTypeResource,
  CityResource,
  MarketplaceServiceResource,
  NeighborhoodResource,
} from "@termin/contracts/catalogue-resources";
import { useTranslation } from "../i18n/i18n-context.tsx";
import type { Route } from "./+types/search";
import { keepAfterToggles } from "../client-area/keep-after-toggles.ts";
import { Included } from "../api/included.ts";
import { savedLocationIds } from "../client-area/saved-locations.ts";
import { toLocationCard } from "../catalogue/location-card-data.ts";
import { LocationCard } from "../catalogue/LocationCard.tsx";
import { LocationCardSkeletons } from "../catalogue/LocationCardSkeletons.tsx";
import { withSearchParams } from "../catalogue/search-links.ts";
import { parseSearchParams } from "../catalogue/search-params.ts";
import { searchResults } from "../catalogue/search-results.ts";
import { SearchFilters, type FilterChoices } from "../catalogue/SearchFilters.tsx";
import { ShareButton } from "../catalogue/ShareButton.tsx";
import { freeOnDateRange } from "@termin/domain/booking/free-on-dates";
import { todayIn } from "../booking/local-dates.ts";
import { currencySymbol, formatCount, minorUnitDigits } from "../lib/format.ts";
import { useLanguage } from "../lib/use-language.ts";
import { clientPageEnv } from "../page-data/client-env.ts";
import { marketplaceOnly, type PageEnv } from "../page-data/page-env.ts";
import { serverPageEnv } from "../page-data/server-env.server.ts";
import { RouteErrorPage } from "../ui/RouteErrorPage.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { Pager } from "../ui/Pager.tsx";

const PAGE_SIZE = 20;

async function load(env: PageEnv<Route.LoaderArgs["params"]>) {
  marketplaceOnly(env);
  const { api, language, url, t } = env;
  const requested = parseSearchParams(url.searchParams);
  // The city first: its currency turns a price range into the API's minor units.
  const cities = await api.get<CollectionDocument<CityResource>>("cities", { sort: "name", "page[size]": "100" });
  const city = cities.data.find((entry) => entry.attributes.slug === requested.city);
  const currency = city?.attributes.currency ?? null;
  const [outcome, services, businessTypes, neighborhoods] = await Promise.all([
    searchResults(api, requested, { pageSize: PAGE_SIZE, currencyDigits: currency ? minorUnitDigits(currency) : null }),
    api.get<CollectionDocument<MarketplaceServiceResource>>("marketplace-services", { "page[size]": "100" }),
    api.get<CollectionDocument<BusinessTypeResource>>("business-types", { "page[size]": "100" }),
    city
      ? api.get<CollectionDocument<NeighborhoodResource>>("neighborhoods", {
          "filter[city]": city.attributes.slug,
          // Only neighbourhoods with a place: the others would always find nothing.
          "filter[has_locations]": "true",
          "page[size]": "100",
        })
      : null,
  ]);
  const { search, results, freeOnRefused } = outcome;
  // A page past the last (an old link, a hand-edited address) leads to the last page, or the first when none.
  const pageCount = results?.meta.pageCount ?? 0;
  if ((requested.page ?? 1) > Math.max(pageCount, 1)) {
    throw redirect(`${url.pathname}${withSearchParams(requested, { page: pageCount > 1 ? pageCount : undefined })}`);
  }
  const found = results?.data ?? [];
  const included = new Included(results?.included);
  const saved = await savedLocationIds(
    env.viewerApi,
    found.map((location) => location.id),
  );
  const serviceName = services.data.find((service) => service.attributes.slug === search.service)?.attributes.name;
  const subject = [search.q ?? serviceName, city?.attributes.name].filter(Boolean).join(" · ");
  const choice = ({ attributes }: { attributes: { slug: string; name: string } }) => ({
    value: attributes.slug,
    label: attributes.name,
  });
  // The days the API checks; in a chosen city the picker starts at its today.
  const now = Date.now();
  const dates = freeOnDateRange(now);
  const choices: FilterChoices = {
    cities: cities.data.map(choice),
    neighborhoods: (neighborhoods?.data ?? []).map(choice),
    services: services.data.map(choice),
    businessTypes: businessTypes.data.map(choice),
    currencySymbol: currency ? currencySymbol(currency, language) : null,
    freeOnDates: { min: city ? todayIn(city.attributes.time_zone, new Date(now)) : dates.earliest, max: dates.latest },
  };
  return {
    search,
    // Each page of results has its own title (tabs, history and search engines tell them apart).
    title: [
      subject,
      t("search.title"),
      (requested.page ?? 1) > 1 ? t("search.pageOf", { page: requested.page ?? 1, total: pageCount }) : undefined,
      env.config.appName,
    ]
      .filter(Boolean)
      .join(" · "),
    description: t("search.metaDescription"),
    results: found.map((location) =>
      toLocationCard(location, included, {
        priceFrom:
          location.meta.price_minor_from !== null && location.meta.currency !== null
            ? { minor: location.meta.price_minor_from, currency: location.meta.currency }
            : null,
        distanceKm: location.meta.distance_km,
        saved: saved.has(location.id),
      }),
    ),
    total: results?.meta.total ?? 0,
    pageCount,
    // One letter, or only punctuation: nothing to search for yet, and the page says what to type.
    queryTooShort: results === null,
    choices,
    freeOnRefused,
    // The day asked for stays in the field when the API refused it, with the reason beside it.
    freeOnAsked: requested.free_on,
  };
}

export const loader = (args: Route.LoaderArgs) => load(serverPageEnv(args));
export const clientLoader = async (args: Route.ClientLoaderArgs) => load(await clientPageEnv(args));

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        { title: loaderData.title },
        { name: "description", content: loaderData.description },
        // Result pages change by the minute and multiply by filters: keep them out of indexes, follow their links.
        { name: "robots", content: "noindex, follow" },
      ]
    : [];

/** Saving a place or liking a picture here needs no new page data (the toggle shows the answer). */
export const shouldRevalidate = keepAfterToggles;

export default function Search({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language, to } = useLanguage();
  const navigation = useNavigation();
  const { search, results, total, pageCount, choices, queryTooShort, freeOnRefused, freeOnAsked } = loaderData;
  const searching = navigation.state === "loading" && navigation.location.pathname === to("search");
  return (
    <div className="page search-page">
      <h1>{t("search.title")}</h1>
      <SearchFilters search={search} choices={choices} freeOnRefused={freeOnRefused} freeOnAsked={freeOnAsked} />
      <div className="section-heading search-page__summary">
        <p role="status">
          {queryTooShort
            ? t("search.queryTooShort")
            : t("search.resultCount", { count: total, formatted: formatCount(total, language) })}
        </p>
        <ShareButton title={t("search.title")} />
      </div>
      {searching ? (
        <LocationCardSkeletons count={Math.min(Math.max(results.length, 2), 6)} />
      ) : queryTooShort ? null : results.length > 0 ? (
        <ul className="card-grid">
          {results.map((location, index) => (
            <li key={location.slug}>
              <LocationCard location={location} eager={index < 2} headingLevel="h2" />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState
          title={t("search.emptyTitle")}
          body={t("search.emptyBody")}
          action={{ to: to("search"), label: t("search.clear") }}
        />
      )}
      <Pager
        label={t("search.pages")}
        page={search.page ?? 1}
        pageCount={pageCount}
        hrefOf={(page) => withSearchParams(search, { page })}
        showPosition
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
