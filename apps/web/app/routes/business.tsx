import { Link, data } from "react-router";
import type { CollectionDocument } from "@termin/contracts/jsonapi";
import type {
  BusinessResource,
  BusinessTypeResource,
  LocationResource,
  MediaResource,
} from "@termin/contracts/catalogue-resources";
import { useTranslation } from "../i18n/i18n-context.tsx";
import type { Route } from "./+types/business";
import { keepAfterToggles } from "../client-area/keep-after-toggles.ts";
import { Included } from "../api/included.ts";
import { lookupOrNotFound } from "../api/lookup.ts";
import { savedLocationIds } from "../client-area/saved-locations.ts";
import { LOCATION_CARD_INCLUDE, toLocationCard, toPicture } from "../catalogue/location-card-data.ts";
import { BusinessLocations } from "../catalogue/BusinessLocations.tsx";
import { Picture } from "../catalogue/Picture.tsx";
import { sellsMemberships } from "../memberships/offers.ts";
import { useLanguage } from "../lib/use-language.ts";
import { clientPageEnv } from "../page-data/client-env.ts";
import type { PageEnv } from "../page-data/page-env.ts";
import { serverPageEnv } from "../page-data/server-env.server.ts";
import { RouteErrorPage } from "../ui/RouteErrorPage.tsx";

/** A business's profile with all its locations. */
async function load(env: PageEnv<Route.LoaderArgs["params"]>) {
  const { api, params } = env;
  const found = await lookupOrNotFound(
    api.get<CollectionDocument<BusinessResource>>("businesses", {
      "filter[slug]": params.slug,
      include: "businessType,logo",
    }),
    "filter[slug]",
  );
  const business = found.data[0];
  if (!business) throw data(null, { status: 404 });
  const [locations, memberships] = await Promise.all([
    api.get<CollectionDocument<LocationResource>>("locations", {
      "filter[business]": business.id,
      include: LOCATION_CARD_INCLUDE,
      "page[size]": "100",
    }),
    sellsMemberships(api, business.id),
  ]);
  const included = new Included(found.included);
  const locationsIncluded = new Included(locations.included);
  const saved = await savedLocationIds(
    env.viewerApi,
    locations.data.map((location) => location.id),
  );
  return {
    title: `${business.attributes.name} · ${env.config.appName}`,
    name: business.attributes.name,
    slug: business.attributes.slug,
    sellsMemberships: memberships,
    description: business.attributes.description,
    type: included.one<BusinessTypeResource>(business, "businessType", "business-types")?.attributes.name ?? null,
    logo: toPicture(included.one<MediaResource>(business, "logo", "media")),
    locations: locations.data.map((location) =>
      toLocationCard(location, locationsIncluded, { saved: saved.has(location.id) }),
    ),
  };
}

export const loader = (args: Route.LoaderArgs) => load(serverPageEnv(args));
export const clientLoader = async (args: Route.ClientLoaderArgs) => load(await clientPageEnv(args));

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: "description", content: loaderData.description }] : [];

/** Saving a place or liking a picture here needs no new page data (the toggle shows the answer). */
export const shouldRevalidate = keepAfterToggles;

export default function Business({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to } = useLanguage();
  const { name, slug, description, type, logo, locations } = loaderData;
  return (
    <div className="page business-page">
      <header className="business-page__header">
        {logo ? (
          <Picture
            picture={{ ...logo, alt: "" }}
            sizes="5rem"
            largestSide={256}
            className="business-page__logo"
            eager
          />
        ) : null}
        <div>
          <h1>{name}</h1>
          {type ? <p className="business-page__type">{type}</p> : null}
        </div>
      </header>
      <p>{description}</p>
      {loaderData.sellsMemberships ? (
        <p>
          <Link to={`${to("memberships")}?${new URLSearchParams({ business: slug })}`}>
            {t("memberships.seeBusiness")}
          </Link>
        </p>
      ) : null}
      <BusinessLocations locations={locations} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
