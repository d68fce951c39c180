import { Link, data } from "react-router";
import type { CollectionDocument } from "@termin/contracts/jsonapi";
import type { LocationResource } from "@termin/contracts/catalogue-resources";
import type { ServiceResource } from "@termin/contracts/offer-resources";
import type { Route } from "./+types/embed-location-services";
import { lookupOrNotFound } from "../api/lookup.ts";
import { bookingRules } from "../booking/offer-data.ts";
import { menuOf } from "../catalogue/location-page/menu.ts";
import { ServiceMenu } from "../catalogue/location-page/ServiceMenu.tsx";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLanguage } from "../lib/use-language.ts";
import type { PageEnv } from "../page-data/page-env.ts";
import { serverPageEnv } from "../page-data/server-env.server.ts";
import { RouteErrorPage } from "../ui/RouteErrorPage.tsx";

/**
 * A place's services for an iframe (`embed/location-services/{place}` and `…/{category}`): the menu with Book
 * buttons that open the booking pages in the frame, the categories to narrow it, and the place's classes if any.
 */
async function load(env: PageEnv<Route.LoaderArgs["params"]>) {
  const { api, params } = env;
  // A place nobody has leaves the site the marketplace (decision 0047): no embed of it.
  if (env.site.mode !== "embed") throw data(null, { status: 404 });
  const found = await lookupOrNotFound(
    api.get<CollectionDocument<LocationResource>>("locations", { "filter[slug]": params.locationSlug }),
    "filter[slug]",
  );
  const location = found.data[0];
  if (!location) throw data(null, { status: 404 });
  const businessId = (location.relationships?.business?.data as { id?: string } | null | undefined)?.id ?? null;
  const [services, rules] = await Promise.all([
    api.get<CollectionDocument<ServiceResource>>("services", {
      "filter[location]": location.id,
      include: "servicePrices,serviceCategory",
      "page[size]": "100",
    }),
    bookingRules(api, businessId),
  ]);
  // Classes are booked by the seat in their sessions (the place's week of classes), not at a time of one's own.
  const menu = menuOf({ ...services, data: services.data.filter((service) => service.attributes.kind !== "class") });
  const category = params.categorySlug ? menu.find((group) => group.slug === params.categorySlug) : undefined;
  if (params.categorySlug && !category) throw data(null, { status: 404 });
  const { name, slug, address, phone } = location.attributes;
  return {
    title: `${category ? `${category.name} · ` : ""}${name} · ${env.config.appName}`,
    location: { name, slug, address, phone },
    onlineBooking: rules.onlineBooking,
    hasClasses: services.data.some((service) => service.attributes.kind === "class"),
    categories: menu.map((group) => ({ slug: group.slug, name: group.name })),
    category: category?.slug ?? null,
    menu: category ? [category] : menu,
  };
}

/** Web only: an embed is a business's site in another's frame, and the native app is always the marketplace. */
export const loader = (args: Route.LoaderArgs) => load(serverPageEnv(args));

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export default function EmbedLocationServices({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { location, categories, category, menu } = loaderData;
  const servicesPath = `/${language}/embed/location-services/${location.slug}`;
  return (
    <div className="page location-page">
      <h1 translate="no">{location.name}</h1>
      <p className="location-page__address" translate="no">
        {location.address}
      </p>
      {categories.length > 1 ? (
        <nav aria-label={t("location.services")}>
          <ul className="chips">
            <li>
              <Link className="chip" to={servicesPath} aria-current={category === null ? "page" : undefined}>
                {t("embed.allServices")}
              </Link>
            </li>
            {categories.map((each) => (
              <li key={each.slug}>
                <Link
                  className="chip"
                  to={`${servicesPath}/${each.slug}`}
                  aria-current={each.slug === category ? "page" : undefined}
                >
                  {each.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {loaderData.hasClasses ? (
        <p>
          <Link to={`/${language}/embed/location-classes/${location.slug}`}>{t("embed.classes")}</Link>
        </p>
      ) : null}
      <ServiceMenu menu={menu} phone={location.phone} bookAt={loaderData.onlineBooking ? location.slug : null} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
