import type { AppointmentClientResource, AppointmentResource } from "@termin/contracts/booking-resources";
import { sql } from "drizzle-orm";
import type { ResourceObject } from "@termin/contracts/jsonapi";
import type { Database } from "@termin/db/database";
import { rawRows } from "@termin/db/raw-rows";
import { APPOINTMENT_STATUS } from "@termin/domain/appointment-statuses";
import { cancellationDeadline } from "@termin/domain/booking/cancellation";
import { formatZonedIso } from "@termin/domain/booking/local-time";
import { toMany, toOne } from "../jsonapi/relationships.ts";

/** One client's place in an appointment, with what its resources show. */
export interface AppointmentClientRow {
  id: number;
  appointmentId: number;
  clientId: string;
  statusId: number;
  paymentMethodId: number;
  /** Its payment links, oldest first (a booking that asked for a payment online has one). */
  paymentLinkIds: number[];
  clientNote: string | null;
  totalMinor: number;
  currencyCode: string;
  seatsCount: number;
  /** The membership whose credit paid for the place, if one did. */
  membershipInstanceId: number | null;
  /** The session's seats when the appointment is a class session (shared with other clients); null otherwise. */
  capacity: number | null;
  reviewId: number | null;
  calendarToken: string;
  createdAt: Date;
  startsAt: Date;
  endsAt: Date;
  locationId: number;
  timeZone: string;
  cancellationNoticeHours: number;
  services: AppointmentServiceRow[];
}

export interface AppointmentServiceRow {
  id: number;
  servicePriceId: number;
  serviceName: string;
  variantName: string | null;
  startsAt: Date;
  endsAt: Date;
  priceMinor: number;
  currencyCode: string;
  employees: Array<{ linkId: number; employeeId: number }>;
}

/**
 * The statuses of an appointment that still takes place and may be cancelled or moved by the client; one waiting
 * for its payment holds its time too.
 */
export const LIVE_STATUSES: number[] = [
  APPOINTMENT_STATUS.new,
  APPOINTMENT_STATUS.confirmed,
  APPOINTMENT_STATUS.pendingPayment,
];

/** Until when the client may still cancel (the business's notice before the start), or null when no longer. */
export function cancellableUntil(row: AppointmentClientRow, now: number): Date | null {
  if (!LIVE_STATUSES.includes(row.statusId)) return null;
  const until = cancellationDeadline(row.startsAt.getTime(), row.cancellationNoticeHours);
  return until > now ? new Date(until) : null;
}

/**
 * Appointment clients by id, each with its appointment's services and employees, in two queries. Only the given
 * client's rows: another client's ids simply find nothing (404 for them).
 */
export async function readAppointmentClients(
  db: Database,
  clientId: string,
  ids: readonly number[],
): Promise<AppointmentClientRow[]> {
  if (ids.length === 0) return [];
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const clientRows = await rawRows<{
    id: number;
    appointment_id: number;
    client_id: string;
    status_id: number;
    payment_method_id: number;
    payment_link_ids: number[];
    client_note: string | null;
    total_minor: number;
    currency_code: string;
    seats_count: number;
    membership_instance_id: number | null;
    capacity: number | null;
    review_id: number | null;
    calendar_token: string;
    created_at: string;
    starts_at: string;
    ends_at: string;
    location_id: number;
    time_zone: string;
    settings: { cancellationNoticeHours?: unknown };
  }>(
    db,
    sql`select ac.id, ac.appointment_id, ac.client_id, ac.status_id, ac.payment_method_id,
               array(select pl.id from payment_links pl where pl.appointment_client_id = ac.id order by pl.id)
                 as payment_link_ids,
               (select mis.membership_instance_id from membership_credit_uses u
                join membership_instance_services mis on mis.id = u.membership_instance_service_id
                where u.appointment_client_id = ac.id order by u.id limit 1) as membership_instance_id,
               ac.client_note, ac.total_minor, ac.currency_code, ac.seats_count, a.capacity, ac.review_id,
               ac.calendar_token, ac.created_at, a.starts_at, a.ends_at, a.location_id,
               l.time_zone, b.settings
        from appointment_clients ac
        join appointments a on a.id = ac.appointment_id
        join locations l on l.id = a.location_id
        join businesses b on b.id = l.business_id
        where ac.client_id = ${clientId} and ac.id in (${idList})`,
  );
  if (clientRows.length === 0) return [];
  const appointmentIds = sql.join(
    clientRows.map((row) => sql`${row.appointment_id}`),
    sql`, `,
  );
  const serviceRows = await rawRows<{
    id: number;
    appointment_id: number;
    service_price_id: number;
    service_name: string;
    variant_name: string | null;
    starts_at: string;
    ends_at: string;
    price_minor: number;
    currency_code: string;
    link_id: number | null;
    employee_id: number | null;
  }>(
    db,
    sql`select aps.id, aps.appointment_id, aps.service_price_id, s.name as service_name, sp.name as variant_name,
               aps.starts_at, aps.ends_at, aps.price_minor, aps.currency_code, ase.id as link_id, ase.employee_id
        from appointment_services aps
        join service_prices sp on sp.id = aps.service_price_id
        join services s on s.id = sp.service_id
        left join appointment_service_employees ase on ase.appointment_service_id = aps.id
        where aps.appointment_id in (${appointmentIds})
        order by aps.appointment_id, aps.position, ase.id`,
  );
  const servicesByAppointment = new Map<number, AppointmentServiceRow[]>();
  for (const row of serviceRows) {
    const list = servicesByAppointment.get(row.appointment_id) ?? [];
    let service = list.find((each) => each.id === row.id);
    if (!service) {
      service = {
        id: row.id,
        servicePriceId: row.service_price_id,
        serviceName: row.service_name,
        variantName: row.variant_name,
        startsAt: new Date(row.starts_at),
        endsAt: new Date(row.ends_at),
        priceMinor: row.price_minor,
        currencyCode: row.currency_code,
        employees: [],
      };
      list.push(service);
    }
    if (row.link_id !== null && row.employee_id !== null) {
      service.employees.push({ linkId: row.link_id, employeeId: row.employee_id });
    }
    servicesByAppointment.set(row.appointment_id, list);
  }
  const notice = (settings: { cancellationNoticeHours?: unknown }) =>
    typeof settings.cancellationNoticeHours === "number" ? settings.cancellationNoticeHours : 24;
  const byId = new Map(
    clientRows.map((row) => [
      row.id,
      {
        id: row.id,
        appointmentId: row.appointment_id,
        clientId: row.client_id,
        statusId: row.status_id,
        paymentMethodId: row.payment_method_id,
        paymentLinkIds: row.payment_link_ids.map(Number),
        clientNote: row.client_note,
        totalMinor: row.total_minor,
        currencyCode: row.currency_code,
        seatsCount: row.seats_count,
        membershipInstanceId: row.membership_instance_id,
        capacity: row.capacity,
        reviewId: row.review_id,
        calendarToken: row.calendar_token,
        createdAt: new Date(row.created_at),
        startsAt: new Date(row.starts_at),
        endsAt: new Date(row.ends_at),
        locationId: row.location_id,
        timeZone: row.time_zone,
        cancellationNoticeHours: notice(row.settings),
        services: servicesByAppointment.get(row.appointment_id) ?? [],
      } satisfies AppointmentClientRow,
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

const local = (date: Date, timeZone: string) => formatZonedIso(date.getTime(), timeZone);

export interface SerializeOptions {
  now: number;
  calendarLink: (token: string) => string;
}

export function toAppointmentClientResource(
  row: AppointmentClientRow,
  options: SerializeOptions,
): AppointmentClientResource {
  const until = cancellableUntil(row, options.now);
  return {
    type: "appointment-clients",
    id: String(row.id),
    attributes: {
      client_note: row.clientNote,
      total_amount: row.totalMinor,
      currency: row.currencyCode,
      seats_count: row.seatsCount,
      created_at: row.createdAt.toISOString(),
      starts_at: local(row.startsAt, row.timeZone),
      ends_at: local(row.endsAt, row.timeZone),
      cancellable_until: until === null ? null : local(until, row.timeZone),
      ics_download_link: options.calendarLink(row.calendarToken),
    },
    relationships: {
      status: toOne("appointment-statuses", row.statusId),
      appointment: toOne("appointments", row.appointmentId),
      client: toOne("clients", row.clientId),
      review: toOne("reviews", row.reviewId),
      paymentMethod: toOne("payment-methods", row.paymentMethodId),
      paymentLinks: toMany("payment-links", row.paymentLinkIds),
      membershipInstance: toOne("membership-instances", row.membershipInstanceId),
      servicePrice: toOne("service-prices", row.services[0]?.servicePriceId ?? null),
      formAnswers: toMany("form-answers", []),
      location: toOne("locations", row.locationId),
      appointmentServices: toMany(
        "appointment-services",
        row.services.map((service) => service.id),
      ),
    },
    links: { self: `/v1c/appointment-clients/${row.id}` },
  };
}

export function toAppointmentResource(row: AppointmentClientRow): AppointmentResource & { links: { self: string } } {
  return {
    type: "appointments",
    id: String(row.appointmentId),
    attributes: {
      starts_at: local(row.startsAt, row.timeZone),
      ends_at: local(row.endsAt, row.timeZone),
      capacity: row.capacity,
    },
    relationships: {
      location: toOne("locations", row.locationId),
      appointmentServices: toMany(
        "appointment-services",
        row.services.map((service) => service.id),
      ),
    },
    links: { self: `/v1c/appointments/${row.appointmentId}` },
  };
}

export function toAppointmentServiceResources(row: AppointmentClientRow): ResourceObject[] {
  return row.services.flatMap((service) => [
    {
      type: "appointment-services",
      id: String(service.id),
      attributes: {
        starts_at: local(service.startsAt, row.timeZone),
        ends_at: local(service.endsAt, row.timeZone),
        price_minor: service.priceMinor,
        currency: service.currencyCode,
        service_name: service.serviceName,
        variant_name: service.variantName,
      },
      relationships: {
        appointment: toOne("appointments", row.appointmentId),
        servicePrice: toOne("service-prices", service.servicePriceId),
        employees: toMany(
          "employees",
          service.employees.map((each) => each.employeeId),
        ),
      },
    },
    ...service.employees.map((each) => ({
      type: "appointment-service-employees",
      id: String(each.linkId),
      attributes: {},
      relationships: {
        employee: toOne("employees", each.employeeId),
        appointmentService: toOne("appointment-services", service.id),
      },
    })),
  ]);
}
