import { redirect } from "react-router";
import type { UserLocationResource } from "@termin/contracts/client-area-resources";
import type { LocationResource } from "@termin/contracts/catalogue-resources";
import type { CollectionDocument } from "@termin/contracts/jsonapi";
import type { Route } from "./+types/my-locations";
import { Included } from "../api/included.ts";
import { toLocationCard } from "../catalogue/location-card-data.ts";
import { LocationCard } from "../catalogue/LocationCard.tsx";
import { bookedLocations } from "../booking/booked-locations.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { lastPageAddress, listPageOf } from "../lib/page-input.ts";
import { useLanguage } from "../lib/use-language.ts";
import { clientPageEnv } from "../page-data/client-env.ts";
import type { PageEnv } from "../page-data/page-env.ts";
import { serverPageEnv } from "../page-data/server-env.server.ts";
import { RouteErrorPage } from "../ui/RouteErrorPage.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { Pager } from "../ui/Pager.tsx";

const PAGE_SIZE = 24;

/**
 * My locations (login required): the places the client saved, most recently saved first, each card with its
 * heart to unsave it; then, on the first page, the places they booked at and did not save.
 */
async function load(env: PageEnv<Route.LoaderArgs["params"]>) {
  const { url, t } = env;
  const { api } = env.requireViewer();
  const page = listPageOf(url);
  const saved = await api.get<CollectionDocument<UserLocationResource>>("user-locations", {
    include: "location,location.business,location.city,location.neighborhood,location.cover",
    "page[size]": String(PAGE_SIZE),
    "page[number]": String(page),
  });
  const last = lastPageAddress(url, page, saved.meta.pageCount);
  if (last) throw redirect(last);
  const included = new Included(saved.included);
  const locations = saved.data.flatMap((item) => {
    const location = included.one<LocationResource>(item, "location", "locations");
    return location ? [toLocationCard(location, included, { saved: true })] : [];
  });
  return {
    title: `${t("myLocations.title")} · ${env.config.appName}`,
    page,
    pageCount: saved.meta.pageCount,
    locations,
    booked: page === 1 ? await bookedLocations(api, new Set(saved.data.map((item) => item.id))) : [],
  };
}

export const loader = (args: Route.LoaderArgs) => load(serverPageEnv(args));
export const clientLoader = async (args: Route.ClientLoaderArgs) => load(await clientPageEnv(args));

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex" }] : [];

export default function MyLocations({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to } = useLanguage();
  const { locations, booked, page, pageCount } = loaderData;
  return (
    <div className="page my-locations-page">
      <h1>{t("myLocations.title")}</h1>
      {locations.length === 0 && booked.length === 0 ? (
        <EmptyState
          title={t("myLocations.emptyTitle")}
          body={t("myLocations.emptyBody")}
          action={{ to: to("search"), label: t("myLocations.findPlaces") }}
        />
      ) : null}
      {locations.length > 0 ? (
        <section aria-labelledby="my-locations-saved">
          <h2 id="my-locations-saved">{t("myLocations.savedTitle")}</h2>
          <p className="hero__lead">{t("myLocations.lead")}</p>
          <ul className="card-grid">
            {locations.map((location, index) => (
              <li key={location.id}>
                <LocationCard location={location} eager={index < 2} headingLevel="h3" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {booked.length > 0 ? (
        <section aria-labelledby="my-locations-booked">
          <h2 id="my-locations-booked">{t("myLocations.bookedTitle")}</h2>
          <ul className="card-grid">
            {booked.map((location) => (
              <li key={location.id}>
                <LocationCard location={location} headingLevel="h3" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Pager label={t("myLocations.pages")} page={page} pageCount={pageCount} hrefOf={(other) => `?page=${other}`} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
