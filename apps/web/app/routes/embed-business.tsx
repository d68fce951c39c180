import { data, replace } from "react-router";
import type { CollectionDocument } from "@termin/contracts/jsonapi";
import type { LocationResource } from "@termin/contracts/catalogue-resources";
import type { Route } from "./+types/embed-business";
import { Included } from "../api/included.ts";
import { LOCATION_CARD_INCLUDE, toLocationCard } from "../catalogue/location-card-data.ts";
import { BusinessLocations } from "../catalogue/BusinessLocations.tsx";
import { sitePath } from "../embed/embed-paths.ts";
import type { PageEnv } from "../page-data/page-env.ts";
import { serverPageEnv } from "../page-data/server-env.server.ts";
import { RouteErrorPage } from "../ui/RouteErrorPage.tsx";

/**
 * The widget of a whole business (`embed/business/{slug}`): its places to choose from; a business with one place
 * opens that place's menu at once.
 */
async function load(env: PageEnv<Route.LoaderArgs["params"]>) {
  const { api, site, language } = env;
  // The site is the embedded business when the slug names one (decision 0047); any other slug is no page.
  if (site.mode !== "embed" || site.business.slug !== env.params.businessSlug) throw data(null, { status: 404 });
  const locations = await api.get<CollectionDocument<LocationResource>>("locations", {
    "filter[business]": String(site.business.id),
    include: LOCATION_CARD_INCLUDE,
    "page[size]": "100",
  });
  const [only] = locations.data;
  if (only && locations.data.length === 1) {
    throw replace(sitePath(site, language, `location/${only.attributes.slug}`));
  }
  const included = new Included(locations.included);
  return {
    title: `${site.business.name} · ${env.config.appName}`,
    name: site.business.name,
    locations: locations.data.map((location) => toLocationCard(location, included, { saved: false })),
  };
}

/** Web only: an embed is a business's site in another's frame, and the native app is always the marketplace. */
export const loader = (args: Route.LoaderArgs) => load(serverPageEnv(args));

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export default function EmbedBusiness({ loaderData }: Route.ComponentProps) {
  const { name, locations } = loaderData;
  return (
    <div className="page">
      <h1 translate="no">{name}</h1>
      <BusinessLocations locations={locations} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
