import { data } from "react-router";
import type { CollectionDocument } from "@termin/contracts/jsonapi";
import type {
  BusinessResource,
  CityResource,
  LocationResource,
  MediaResource,
  NeighborhoodResource,
  WorkingHoursResource,
} from "@termin/contracts/catalogue-resources";
import type {
  EmployeeResource,
  ReviewCollectionDocument,
  ReviewItemResource,
  ServiceResource,
} from "@termin/contracts/offer-resources";
import type { Route } from "./+types/location";
import { keepAfterToggles } from "../client-area/keep-after-toggles.ts";
import { Included } from "../api/included.ts";
import { lookupOrNotFound } from "../api/lookup.ts";
import { bookingRules } from "../booking/offer-data.ts";
import { todayIn } from "../booking/local-dates.ts";
import { weekOfSessions } from "../classes/class-sessions.ts";
import { sellsMemberships } from "../memberships/offers.ts";
import { weekLabels } from "../classes/class-week.ts";
import "../classes/classes.css";
import { savedLocationIds } from "../client-area/saved-locations.ts";
import { pictureOf, toPicture } from "../catalogue/location-card-data.ts";
import { LocationPage } from "../catalogue/location-page/LocationPage.tsx";
import { menuOf } from "../catalogue/location-page/menu.ts";
import { openStatus, timeZoneName, type OpeningSpan } from "../catalogue/opening-hours.ts";
import { locationJsonLd } from "../catalogue/structured-data.ts";
import { minorUnitDigits } from "../lib/format.ts";
import { clientPageEnv } from "../page-data/client-env.ts";
import type { PageEnv } from "../page-data/page-env.ts";
import { serverPageEnv } from "../page-data/server-env.server.ts";
import { RouteErrorPage } from "../ui/RouteErrorPage.tsx";

async function load(env: PageEnv<Route.LoaderArgs["params"]>) {
  const { api, language, params, url } = env;
  const found = await lookupOrNotFound(
    api.get<CollectionDocument<LocationResource>>("locations", {
      "filter[slug]": params.slug,
      include: "business,city,neighborhood,workingHours,cover,gallery",
    }),
    "filter[slug]",
  );
  const location = found.data[0];
  if (!location) throw data(null, { status: 404 });
  const id = location.id;
  const businessId = (location.relationships?.business?.data as { id?: string } | null | undefined)?.id ?? null;
  const [services, employees, reviews, saved, rules, memberships] = await Promise.all([
    api.get<CollectionDocument<ServiceResource>>("services", {
      "filter[location]": id,
      include: "servicePrices,serviceCategory",
      "page[size]": "100",
    }),
    api.get<CollectionDocument<EmployeeResource>>("employees", {
      "filter[location]": id,
      include: "avatar",
      "page[size]": "50",
    }),
    api.get<ReviewCollectionDocument>("reviews", {
      "filter[location]": id,
      include: "reviewItems",
      "page[size]": "10",
    }),
    // Only for a signed-in client: a visitor's page asks nothing more.
    savedLocationIds(env.viewerApi, [id]),
    // Whether the Book buttons open the booking flow or give the phone number.
    bookingRules(api, businessId).catch((error: unknown) => {
      console.error("Could not load the booking rules:", error);
      return { onlineBooking: false };
    }),
    sellsMemberships(api, businessId),
  ]);
  const included = new Included(found.included);
  const business = included.one<BusinessResource>(location, "business", "businesses");
  const city = included.one<CityResource>(location, "city", "cities");
  const neighborhood = included.one<NeighborhoodResource>(location, "neighborhood", "neighborhoods");
  const hours: OpeningSpan[] = included
    .many<WorkingHoursResource>(location, "workingHours", "working-hours")
    .map(({ attributes: a }) => ({ weekday: a.weekday, opensAt: a.opens_at, closesAt: a.closes_at }));
  const cover = toPicture(included.one<MediaResource>(location, "cover", "media"));
  const gallery = included.many<MediaResource>(location, "gallery", "media").map((media) => pictureOf(media));
  // Classes are booked by the seat in their sessions (shown below the menu), not at a time of one's own.
  const menu = menuOf({ ...services, data: services.data.filter((service) => service.attributes.kind !== "class") });
  const today = todayIn(location.attributes.time_zone, new Date());
  const classes = services.data.some((service) => service.attributes.kind === "class")
    ? {
        slug: location.attributes.slug,
        today,
        query: { week: today, classId: null, instructorId: null, partOfDay: null },
        sessions: await weekOfSessions(api, { locationId: id }, { week: today, language }),
        labels: weekLabels(today, language),
      }
    : null;
  const employeesIncluded = new Included(employees.included);
  const reviewsIncluded = new Included(reviews.included);
  const attributes = location.attributes;
  const { origin } = env.site;
  const pageUrl = `${origin}${url.pathname}`;
  const summary = reviews.meta.summary ?? null;
  const now = new Date();
  return {
    title: `${attributes.name}${city ? ` · ${city.attributes.name}` : ""} · ${env.config.appName}`,
    location: {
      id,
      slug: attributes.slug,
      name: attributes.name,
      description: attributes.description,
      address: attributes.address,
      phone: attributes.phone,
      latitude: attributes.latitude,
      longitude: attributes.longitude,
      timeZoneName: timeZoneName(attributes.time_zone, language, now),
      place: [neighborhood?.attributes.name, city?.attributes.name].filter(Boolean).join(", "),
      ratingAverage: attributes.rating_average,
      reviewCount: attributes.review_count,
      saved: saved.has(id),
      onlineBooking: rules.onlineBooking,
    },
    business: business
      ? { slug: business.attributes.slug, name: business.attributes.name, sellsMemberships: memberships }
      : null,
    cover,
    gallery,
    hours,
    // Worked out on the server, in the location's time zone, so the page hydrates without a mismatch.
    status: openStatus(hours, attributes.time_zone, now),
    menu,
    classes,
    employees: employees.data.map((employee) => ({
      id: employee.id,
      name: `${employee.attributes.first_name} ${employee.attributes.last_name}`,
      title: employee.attributes.title,
      avatar: toPicture(employeesIncluded.one<MediaResource>(employee, "avatar", "media")),
    })),
    summary,
    reviews: reviews.data.map((review) => ({
      id: review.id,
      author: review.attributes.author_name,
      rating: review.attributes.rating,
      text: review.attributes.text,
      language: review.attributes.language,
      createdAt: review.attributes.created_at,
      items: reviewsIncluded
        .many<ReviewItemResource>(review, "reviewItems", "review-items")
        .map(({ attributes: a }) => ({ aspect: a.aspect, rating: a.rating })),
    })),
    jsonLd: locationJsonLd({
      url: pageUrl,
      name: attributes.name,
      description: attributes.description,
      telephone: attributes.phone,
      address: attributes.address,
      cityName: city?.attributes.name ?? "",
      countryCode: city?.attributes.country_code ?? "",
      latitude: attributes.latitude,
      longitude: attributes.longitude,
      imageUrl: cover ? `${origin}${cover.url}?s=1280` : null,
      rating:
        attributes.rating_average !== null && attributes.review_count > 0
          ? { average: attributes.rating_average, count: attributes.review_count }
          : null,
      hours,
      services: menu.flatMap((group) =>
        group.services.map((service) => ({
          name: service.name,
          priceMinor: service.priceFrom,
          currency: service.currency,
          minorUnits: minorUnitDigits(service.currency),
        })),
      ),
    }),
  };
}

export const loader = (args: Route.LoaderArgs) => load(serverPageEnv(args));
export const clientLoader = async (args: Route.ClientLoaderArgs) => load(await clientPageEnv(args));

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        { title: loaderData.title },
        { name: "description", content: loaderData.location.description },
        { property: "og:title", content: loaderData.location.name },
        { property: "og:description", content: loaderData.location.description },
        ...(loaderData.jsonLd.image ? [{ property: "og:image", content: String(loaderData.jsonLd.image) }] : []),
      ]
    : [];

/** Saving a place or liking a picture here needs no new page data (the toggle shows the answer). */
export const shouldRevalidate = keepAfterToggles;

export default function Location({ loaderData }: Route.ComponentProps) {
  return <LocationPage {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
