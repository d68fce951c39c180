import type { LocationResource } from "@termin/contracts/catalogue-resources";
import type { ResourceObject } from "@termin/contracts/jsonapi";
import type { EmployeeResource } from "@termin/contracts/offer-resources";
import type { Language } from "@termin/domain/languages";
import { PAYMENT_METHOD } from "@termin/domain/payment-methods";
import type { Included } from "../api/included.ts";
import { timeZoneName } from "../catalogue/opening-hours.ts";
import { formatClockRange, formatDateAndTime, isWithinOneDay } from "@termin/domain/time-format";
import { keepOnOneLine } from "../lib/format.ts";
import type { AppointmentDetails, AppointmentServiceLine, AppointmentSummary } from "./appointment-view.ts";
import { paymentOf } from "./payment-data.ts";
import type {
  AppointmentClientResource,
  AppointmentResource,
  AppointmentServiceResource,
  AppointmentStatusResource,
} from "@termin/contracts/booking-resources";

/** What a client's appointment pages include, in one request. */
export const APPOINTMENT_INCLUDES =
  "appointment,status,location,appointmentServices,appointmentServices.employees,appointmentServices.servicePrice,paymentLinks";

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

/** A moment worded at the place's clock, not the reader's (the server's or the app's Intl knows every zone). */
export function zonedWhen(iso: string, timeZone: string, language: Language): string {
  return plain(formatDateAndTime(new Date(iso), language, timeZone));
}

/** A service's times at the place's clock: within a day kept on one line, else with their dates (may break at the dash). */
export function serviceTimes(startsAt: string, endsAt: string, language: Language, timeZone: string): string {
  const [start, end] = [new Date(startsAt), new Date(endsAt)];
  const range = formatClockRange(start, end, language, timeZone);
  return isWithinOneDay(start, end, timeZone) ? keepOnOneLine(range) : plain(range);
}

/** An employee's name, included as `employees` or through `appointment-service-employees`. */
function employeesOf(service: ResourceObject, included: Included): Array<{ id: string; name: string }> {
  const direct = included.many<EmployeeResource>(service, "employees", "employees");
  const linked = included
    .many<ResourceObject<"appointment-service-employees">>(service, "employees", "appointment-service-employees")
    .flatMap((link) => {
      const employee = included.one<EmployeeResource>(link, "employee", "employees");
      return employee ? [employee] : [];
    });
  return [...direct, ...linked].map((employee) => ({
    id: employee.id,
    name: `${employee.attributes.first_name} ${employee.attributes.last_name}`.trim(),
  }));
}

function statusIdOf(resource: AppointmentClientResource, included: Included): number {
  const status = included.one<AppointmentStatusResource>(resource, "status", "appointment-statuses");
  const data = resource.relationships?.status?.data;
  const id = status?.id ?? (data && !Array.isArray(data) ? data.id : "1");
  return Number(id);
}

/** Whether a membership's credit paid for the place (its paymentMethod is the membership). */
const paidByMembership = (resource: AppointmentClientResource) => {
  const method = resource.relationships?.paymentMethod?.data;
  return Boolean(method && !Array.isArray(method) && method.id === String(PAYMENT_METHOD.membership));
};

export function toSummary(
  resource: AppointmentClientResource,
  included: Included,
  language: Language,
  now: Date,
): AppointmentSummary {
  const a = resource.attributes;
  const location = included.one<LocationResource>(resource, "location", "locations");
  const timeZone = location?.attributes.time_zone ?? "UTC";
  const services = included.many<AppointmentServiceResource>(resource, "appointmentServices", "appointment-services");
  return {
    id: resource.id,
    startsAt: a.starts_at,
    when: zonedWhen(a.starts_at, timeZone, language),
    locationName: location?.attributes.name ?? "",
    services: services.map((service) => service.attributes.service_name),
    statusId: statusIdOf(resource, included),
    totalMinor: a.total_amount,
    currency: a.currency,
    seats: a.seats_count ?? 1,
    payment: paymentOf(resource, included, language, now),
    coveredByMembership: paidByMembership(resource),
  };
}

export function toDetails(
  resource: AppointmentClientResource,
  included: Included,
  language: Language,
  now: Date,
): AppointmentDetails {
  const a = resource.attributes;
  const location = included.one<LocationResource>(resource, "location", "locations");
  const timeZone = location?.attributes.time_zone ?? "UTC";
  const appointment = resource.relationships?.appointment?.data;
  const session = included.one<AppointmentResource>(resource, "appointment", "appointments");
  const review = resource.relationships?.review?.data;
  const lines: AppointmentServiceLine[] = included
    .many<AppointmentServiceResource>(resource, "appointmentServices", "appointment-services")
    .map((service) => {
      const s = service.attributes;
      const price = service.relationships?.servicePrice?.data;
      return {
        id: service.id,
        name: s.service_name,
        variantName: s.variant_name,
        employees: employeesOf(service, included),
        time: serviceTimes(s.starts_at, s.ends_at, language, timeZone),
        startsAt: s.starts_at,
        priceMinor: s.price_minor,
        currency: s.currency,
        servicePriceId: price && !Array.isArray(price) ? price.id : null,
      };
    });
  return {
    ...toSummary(resource, included, language, now),
    appointmentId: appointment && !Array.isArray(appointment) ? appointment.id : null,
    endsAt: a.ends_at,
    location: location
      ? {
          id: location.id,
          slug: location.attributes.slug,
          name: location.attributes.name,
          address: location.attributes.address,
          phone: location.attributes.phone,
          latitude: location.attributes.latitude,
          longitude: location.attributes.longitude,
          timeZone,
          timeZoneName: timeZoneName(timeZone, language, now),
        }
      : null,
    lines,
    seats: a.seats_count,
    isClass: (session?.attributes.capacity ?? null) !== null,
    note: a.client_note,
    cancellableUntil: a.cancellable_until ? zonedWhen(a.cancellable_until, timeZone, language) : null,
    icsLink: a.ics_download_link,
    reviewId: review && !Array.isArray(review) ? review.id : null,
  };
}
