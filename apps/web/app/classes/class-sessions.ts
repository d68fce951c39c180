import type { ClassSessionResource } from "@termin/contracts/class-resources";
import type { LocationResource, SettingsResource } from "@termin/contracts/catalogue-resources";
import type { CollectionDocument, SingleDocument } from "@termin/contracts/jsonapi";
import type { EmployeeResource, ServicePriceResource, ServiceResource } from "@termin/contracts/offer-resources";
import type { Language } from "@termin/domain/languages";
import { ApiError, type ApiClient } from "../api/client.ts";
import { Included } from "../api/included.ts";
import { addDays, localTimeOf } from "../booking/local-dates.ts";
import { formatTimesOfDay } from "../catalogue/opening-hours.ts";
import type { ClassSessionView } from "./class-week.ts";

const INCLUDE = "service,servicePrice,employee,location";

function toView(session: ClassSessionResource, included: Included, language: Language): ClassSessionView {
  const service = included.one<ServiceResource>(session, "service", "services");
  const price = included.one<ServicePriceResource>(session, "servicePrice", "service-prices");
  const employee = included.one<EmployeeResource>(session, "employee", "employees");
  const location = included.one<LocationResource>(session, "location", "locations");
  const idOf = (name: string) => {
    const data = session.relationships?.[name]?.data;
    return data && !Array.isArray(data) ? data.id : "";
  };
  return {
    id: session.id,
    startsAt: session.attributes.starts_at,
    endsAt: session.attributes.ends_at,
    capacity: session.attributes.capacity,
    seatsLeft: session.attributes.seats_left,
    className: service?.attributes.name ?? "",
    serviceId: idOf("service"),
    servicePriceId: idOf("servicePrice"),
    priceMinor: price?.attributes.price_minor ?? null,
    currency: price?.attributes.currency ?? null,
    durationMinutes: price?.attributes.duration_minutes ?? null,
    instructor: employee
      ? { id: employee.id, name: `${employee.attributes.first_name} ${employee.attributes.last_name}` }
      : null,
    location: location ? { id: location.id, slug: location.attributes.slug, name: location.attributes.name } : null,
    timeLabel: formatTimesOfDay(
      localTimeOf(session.attributes.starts_at),
      localTimeOf(session.attributes.ends_at),
      language,
    ),
  };
}

/** The place the sessions are of: a city (the marketplace's view) or one location (its page, an embed). */
export type SessionPlace = { cityId: string } | { locationId: string };

/** A week of sessions of a place, with the class and instructor filters the API applies. */
export async function weekOfSessions(
  api: ApiClient,
  place: SessionPlace,
  options: { week: string; language: Language; classId?: string | null; instructorId?: string | null; days?: number },
): Promise<ClassSessionView[]> {
  const query: Record<string, string> = {
    ...("cityId" in place ? { "filter[city_id]": place.cityId } : { "filter[location_id]": place.locationId }),
    "filter[date_from]": options.week,
    "filter[date_to]": addDays(options.week, (options.days ?? 7) - 1),
    include: INCLUDE,
  };
  if (options.classId) query["filter[service_id]"] = options.classId;
  if (options.instructorId) query["filter[employee_id]"] = options.instructorId;
  const document = await api.get<CollectionDocument<ClassSessionResource>>("class-sessions", query);
  const included = new Included(document.included);
  return document.data.map((session) => toView(session, included, options.language));
}

/** One session that can still be booked, or null (past, cancelled, unknown). */
export async function sessionById(api: ApiClient, id: string, language: Language): Promise<ClassSessionView | null> {
  try {
    const document = await api.get<SingleDocument<ClassSessionResource>>(`class-sessions/${encodeURIComponent(id)}`, {
      include: INCLUDE,
    });
    return toView(document.data, new Included(document.included), language);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/** The seats one booking may take at a business (its public settings; 4 when it set none). */
export async function maxSeatsPerBooking(api: ApiClient, businessId: string | null): Promise<number> {
  if (!businessId) return DEFAULT_MAX_SEATS;
  try {
    const settings = await api.get<SingleDocument<SettingsResource>>(`settings/${encodeURIComponent(businessId)}`);
    return settings.data.attributes.max_seats_per_booking ?? DEFAULT_MAX_SEATS;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return DEFAULT_MAX_SEATS;
    throw error;
  }
}
const DEFAULT_MAX_SEATS = 4;

/** A location by its slug, for its classes' page; null when there is none. */
export async function locationOf(
  api: ApiClient,
  slug: string | null,
): Promise<{ id: string; slug: string; name: string; timeZone: string } | null> {
  if (!slug) return null;
  const document = await api.get<CollectionDocument<LocationResource>>("locations", { "filter[slug]": slug });
  const [location] = document.data;
  return location
    ? {
        id: location.id,
        slug: location.attributes.slug,
        name: location.attributes.name,
        timeZone: location.attributes.time_zone,
      }
    : null;
}
