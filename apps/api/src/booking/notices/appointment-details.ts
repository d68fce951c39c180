import { asc, eq, type SQL } from "drizzle-orm";
import { clients } from "@termin/db/account-schema";
import {
  appointmentClients,
  appointmentServiceEmployees,
  appointmentServices,
  appointments,
} from "@termin/db/booking-schema";
import { cities, employees, locations, servicePrices, services } from "@termin/db/catalogue-schema";
import type { Database } from "@termin/db/database";
import { isSupportedLanguage, type Language } from "@termin/domain/languages";

/** A client's appointment as notices and the calendar file tell it: in the client's language and the place's zone. */
export interface AppointmentDetails {
  appointmentClientId: number;
  statusId: number;
  calendarToken: string;
  /** The business of its place: what its notification is about. */
  businessId: number;
  /** The origin of the business's domain it was booked on, which its links go back to; null for PUBLIC_URL. */
  siteOrigin: string | null;
  /** RFC 5545 SEQUENCE: raised by every change a calendar must see. */
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  createdAt: Date;
  /** The later of the appointment's and the client's last change. */
  updatedAt: Date;
  client: { id: string; email: string; firstName: string; language: Language; deleted: boolean };
  location: { name: string; address: string; city: string; timeZone: string };
  /** In the order they were booked. */
  services: Array<{ name: string; startsAt: Date; endsAt: Date; employees: string[] }>;
}

/**
 * The origin the links about an appointment go to (decision 0046): the business's own domain it was booked on, so
 * its e-mails and calendar file lead back there and name nothing of the marketplace; else PUBLIC_URL.
 */
export const linksOrigin = (details: Pick<AppointmentDetails, "siteOrigin">, publicUrl: string): string =>
  details.siteOrigin ?? publicUrl;

const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);

async function loadDetails(db: Database, where: SQL): Promise<AppointmentDetails | undefined> {
  const [row] = await db
    .select({
      appointmentClientId: appointmentClients.id,
      statusId: appointmentClients.statusId,
      calendarToken: appointmentClients.calendarToken,
      siteOrigin: appointmentClients.siteOrigin,
      createdAt: appointmentClients.createdAt,
      clientUpdatedAt: appointmentClients.updatedAt,
      appointmentId: appointments.id,
      sequence: appointments.sequence,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      appointmentUpdatedAt: appointments.updatedAt,
      clientId: clients.id,
      email: clients.email,
      firstName: clients.firstName,
      language: clients.language,
      deletedAt: clients.deletedAt,
      businessId: locations.businessId,
      locationName: locations.name,
      address: locations.address,
      timeZone: locations.timeZone,
      cityNames: cities.names,
    })
    .from(appointmentClients)
    .innerJoin(appointments, eq(appointments.id, appointmentClients.appointmentId))
    .innerJoin(clients, eq(clients.id, appointmentClients.clientId))
    .innerJoin(locations, eq(locations.id, appointments.locationId))
    .innerJoin(cities, eq(cities.id, locations.cityId))
    .where(where);
  if (!row) return undefined;

  const serviceRows = await db
    .select({
      id: appointmentServices.id,
      serviceName: services.name,
      variantName: servicePrices.name,
      startsAt: appointmentServices.startsAt,
      endsAt: appointmentServices.endsAt,
      employeeFirstName: employees.firstName,
      employeeLastName: employees.lastName,
    })
    .from(appointmentServices)
    .innerJoin(servicePrices, eq(servicePrices.id, appointmentServices.servicePriceId))
    .innerJoin(services, eq(services.id, servicePrices.serviceId))
    .leftJoin(appointmentServiceEmployees, eq(appointmentServiceEmployees.appointmentServiceId, appointmentServices.id))
    .leftJoin(employees, eq(employees.id, appointmentServiceEmployees.employeeId))
    .where(eq(appointmentServices.appointmentId, row.appointmentId))
    .orderBy(asc(appointmentServices.position), asc(appointmentServices.id), asc(appointmentServiceEmployees.id));

  const byId = new Map<number, AppointmentDetails["services"][number]>();
  for (const service of serviceRows) {
    let entry = byId.get(service.id);
    if (!entry) {
      const name = service.variantName ? `${service.serviceName} (${service.variantName})` : service.serviceName;
      entry = { name, startsAt: service.startsAt, endsAt: service.endsAt, employees: [] };
      byId.set(service.id, entry);
    }
    if (service.employeeFirstName !== null) {
      entry.employees.push(`${service.employeeFirstName} ${service.employeeLastName ?? ""}`.trim());
    }
  }

  const language: Language = isSupportedLanguage(row.language) ? row.language : "en";
  return {
    appointmentClientId: row.appointmentClientId,
    statusId: row.statusId,
    calendarToken: row.calendarToken,
    businessId: row.businessId,
    siteOrigin: row.siteOrigin,
    sequence: row.sequence,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    createdAt: row.createdAt,
    updatedAt: later(row.appointmentUpdatedAt, row.clientUpdatedAt),
    client: {
      id: row.clientId,
      email: row.email,
      firstName: row.firstName,
      language,
      deleted: row.deletedAt !== null,
    },
    location: {
      name: row.locationName,
      address: row.address,
      city: row.cityNames[language],
      timeZone: row.timeZone,
    },
    services: [...byId.values()],
  };
}

/** An appointment client by id, for notices and jobs; undefined when there is none. */
export function loadAppointmentDetails(
  db: Database,
  appointmentClientId: number,
): Promise<AppointmentDetails | undefined> {
  return loadDetails(db, eq(appointmentClients.id, appointmentClientId));
}

/** An appointment client by the unguessable token of its calendar file. */
export function loadAppointmentDetailsByCalendarToken(
  db: Database,
  calendarToken: string,
): Promise<AppointmentDetails | undefined> {
  return loadDetails(db, eq(appointmentClients.calendarToken, calendarToken));
}
