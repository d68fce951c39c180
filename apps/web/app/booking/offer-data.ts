import { paymentPolicyOf } from "@termin/domain/payments/amount-due";
import { data } from "react-router";
import type { BusinessResource, LocationResource, SettingsResource } from "@termin/contracts/catalogue-resources";
import type { CollectionDocument, SingleDocument } from "@termin/contracts/jsonapi";
import type { EmployeeResource, ServicePriceResource, ServiceResource } from "@termin/contracts/offer-resources";
import { ApiError, type ApiClient } from "../api/client.ts";
import { Included } from "../api/included.ts";
import type { BookingRules, OfferEmployee, OfferLocation, OfferPrice, OfferService } from "./offer.ts";

const NO_ONLINE_BOOKING: BookingRules = {
  onlineBooking: false,
  cancellationNoticeHours: 24,
  leadTimeMinutes: 0,
  horizonDays: 60,
};

function toLocation(location: LocationResource, included: Included): OfferLocation {
  const a = location.attributes;
  const business = included.one<BusinessResource>(location, "business", "businesses");
  const businessId = business?.id ?? (location.relationships?.business?.data as { id?: string } | null)?.id ?? null;
  return {
    id: location.id,
    slug: a.slug,
    name: a.name,
    address: a.address,
    phone: a.phone,
    timeZone: a.time_zone,
    latitude: a.latitude,
    longitude: a.longitude,
    businessId,
  };
}

/** A location by its slug (the page's 404 when there is none). */
export async function locationBySlug(api: ApiClient, slug: string): Promise<OfferLocation> {
  let found: CollectionDocument<LocationResource>;
  try {
    found = await api.get<CollectionDocument<LocationResource>>("locations", {
      "filter[slug]": slug,
      include: "business",
    });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw data(null, { status: 404 });
    throw error;
  }
  const location = found.data[0];
  if (!location) throw data(null, { status: 404 });
  return toLocation(location, new Included(found.included));
}

/** A location by id (null when it is gone). */
export async function locationById(api: ApiClient, id: string): Promise<OfferLocation | null> {
  try {
    const found = await api.get<SingleDocument<LocationResource>>(`locations/${encodeURIComponent(id)}`, {
      include: "business",
    });
    return toLocation(found.data, new Included(found.included));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The location's bookable services with their prices (variants), in menu order. */
export async function servicesAt(api: ApiClient, locationId: string): Promise<OfferService[]> {
  const services = await api.get<CollectionDocument<ServiceResource>>("services", {
    "filter[location]": locationId,
    include: "servicePrices",
    "page[size]": "100",
  });
  const included = new Included(services.included);
  return services.data
    .map((service) => ({
      id: service.id,
      name: service.attributes.name,
      kind: service.attributes.kind,
      payment: paymentPolicyOf({
        paymentPolicy: service.attributes.payment_policy,
        depositType: service.attributes.deposit_type,
        depositValue: service.attributes.deposit_value,
      }),
      prices: included
        .many<ServicePriceResource>(service, "servicePrices", "service-prices")
        .map(({ id, attributes: a }) => ({
          id,
          name: a.name,
          priceMinor: a.price_minor,
          currency: a.currency,
          durationMinutes: a.duration_minutes,
        })),
    }))
    .filter((service) => service.prices.length > 0);
}

/** A location's services booked at a time of one's own: its menu on the booking page (classes go by the seat). */
export async function appointmentServicesAt(api: ApiClient, locationId: string): Promise<OfferService[]> {
  return (await servicesAt(api, locationId)).filter((service) => service.kind === "appointment");
}

/** Who works at a location, or only those who perform one service there. */
export async function employeesAt(api: ApiClient, locationId: string, serviceId?: string): Promise<OfferEmployee[]> {
  const employees = await api.get<CollectionDocument<EmployeeResource>>("employees", {
    "filter[location]": locationId,
    ...(serviceId ? { "filter[service]": serviceId } : {}),
    "page[size]": "50",
  });
  return employees.data.map(({ id, attributes: a }) => ({
    id,
    name: `${a.first_name} ${a.last_name}`.trim(),
    title: a.title,
  }));
}

/** The business's booking rules; a business without published rules takes bookings by phone. */
export async function bookingRules(api: ApiClient, businessId: string | null): Promise<BookingRules> {
  if (!businessId) return NO_ONLINE_BOOKING;
  try {
    const settings = await api.get<SingleDocument<SettingsResource>>(`settings/${encodeURIComponent(businessId)}`);
    const a = settings.data.attributes;
    return {
      onlineBooking: a.online_booking_enabled,
      cancellationNoticeHours: a.cancellation_notice_hours,
      leadTimeMinutes: a.booking_lead_time_minutes,
      horizonDays: a.booking_horizon_days,
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return NO_ONLINE_BOOKING;
    throw error;
  }
}

/** A service price of the location's menu, with its service. */
export function findPrice(
  services: readonly OfferService[],
  priceId: string,
): { service: OfferService; price: OfferPrice } | null {
  for (const service of services) {
    const price = service.prices.find((each) => each.id === priceId);
    if (price) return { service, price };
  }
  return null;
}
