import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import {
  appointmentClients,
  appointmentServiceEmployees,
  appointmentServices,
  appointments,
} from "@termin/db/booking-schema";
import { servicePrices, services } from "@termin/db/catalogue-schema";
import type { Database } from "@termin/db/database";
import { APPOINTMENT_STATUS } from "@termin/domain/appointment-statuses";
import type { BookingScenario } from "./booking-scenario.ts";

export interface TestAppointmentService {
  /** A service of this name is added to the scenario's business; without one, the scenario's own service. */
  name?: string;
  startsAt: Date;
  minutes: number;
  /** Which of the scenario's employees performs it; default the first. */
  employee?: number;
}

export interface TestAppointment {
  appointmentClientId: number;
  appointmentId: number;
  calendarToken: string;
  startsAt: Date;
  endsAt: Date;
}

async function servicePriceFor(
  db: Database,
  scenario: BookingScenario,
  service: TestAppointmentService,
  position: number,
): Promise<number> {
  if (!service.name) return scenario.servicePriceId;
  const [template] = await db.select().from(services).where(eq(services.id, scenario.serviceId));
  if (!template) throw new Error("test appointment: the scenario's service is gone");
  const [added] = await db
    .insert(services)
    .values({
      businessId: template.businessId,
      serviceCategoryId: template.serviceCategoryId,
      marketplaceServiceId: template.marketplaceServiceId,
      name: service.name,
      description: "A test service.",
      position: position + 2,
    })
    .returning({ id: services.id });
  if (!added) throw new Error("test appointment: service insert returned no row");
  const [price] = await db
    .insert(servicePrices)
    .values({ serviceId: added.id, priceMinor: 4000, currencyCode: "EUR", durationMinutes: service.minutes })
    .returning({ id: servicePrices.id });
  if (!price) throw new Error("test appointment: price insert returned no row");
  return price.id;
}

/**
 * An appointment with one client's place in it, written straight into the tables as a booking leaves them
 * ("Manicure 10:00-10:45 with the first employee, then Pedicure with the second"), for tests of what reads
 * appointments: the calendar file, notices, jobs. It writes no claims: nothing here asks for free times.
 */
export async function createTestAppointment(
  db: Database,
  options: {
    scenario: BookingScenario;
    clientId: string;
    services: TestAppointmentService[];
    statusId?: number;
    sequence?: number;
  },
): Promise<TestAppointment> {
  const planned = options.services.map((service) => ({
    ...service,
    endsAt: new Date(service.startsAt.getTime() + service.minutes * 60_000),
  }));
  if (planned.length === 0) throw new Error("test appointment: give at least one service");
  const startsAt = new Date(Math.min(...planned.map((service) => service.startsAt.getTime())));
  const endsAt = new Date(Math.max(...planned.map((service) => service.endsAt.getTime())));
  const [appointment] = await db
    .insert(appointments)
    .values({ locationId: options.scenario.locationId, startsAt, endsAt, sequence: options.sequence ?? 0 })
    .returning({ id: appointments.id });
  if (!appointment) throw new Error("test appointment: appointment insert returned no row");
  for (const [position, service] of planned.entries()) {
    const [row] = await db
      .insert(appointmentServices)
      .values({
        appointmentId: appointment.id,
        servicePriceId: await servicePriceFor(db, options.scenario, service, position),
        position,
        startsAt: service.startsAt,
        endsAt: service.endsAt,
        priceMinor: 4000,
        currencyCode: "EUR",
      })
      .returning({ id: appointmentServices.id });
    const employeeId = options.scenario.employeeIds[service.employee ?? 0];
    if (!row || employeeId === undefined) throw new Error("test appointment: no such service row or employee");
    await db.insert(appointmentServiceEmployees).values({ appointmentServiceId: row.id, employeeId });
  }
  const calendarToken = randomBytes(32).toString("base64url");
  const [client] = await db
    .insert(appointmentClients)
    .values({
      appointmentId: appointment.id,
      clientId: options.clientId,
      statusId: options.statusId ?? APPOINTMENT_STATUS.new,
      totalMinor: 4000 * planned.length,
      currencyCode: "EUR",
      calendarToken,
    })
    .returning({ id: appointmentClients.id });
  if (!client) throw new Error("test appointment: appointment client insert returned no row");
  return { appointmentClientId: client.id, appointmentId: appointment.id, calendarToken, startsAt, endsAt };
}
