import { eq } from "drizzle-orm";
import {
  appointmentServiceEmployees,
  appointmentServices,
  appointments,
  bookingClaims,
} from "@termin/db/booking-schema";
import { services } from "@termin/db/catalogue-schema";
import type { Database } from "@termin/db/database";
import { asClaimRange } from "../client-time.ts";
import type { BookingScenario } from "./booking-scenario.ts";

/**
 * Turns a scenario's service into a class of `capacity` seats (as the demo's and a business's class types are).
 * Its sessions are then added with addClassSession.
 */
export async function makeClass(db: Database, scenario: BookingScenario, capacity: number): Promise<void> {
  await db.update(services).set({ kind: "class", capacity }).where(eq(services.id, scenario.serviceId));
}

/**
 * A session of the scenario's class at `startsAt` taught by its first employee, written as the schedule's sessions
 * are: an appointment with the capacity, its service at the price, the instructor, and the instructor's claim.
 * Answers the session's (appointment's) id.
 */
export async function addClassSession(
  db: Database,
  scenario: BookingScenario,
  options: { startsAt: string; capacity: number; durationMinutes?: number; priceMinor?: number },
): Promise<number> {
  const start = new Date(options.startsAt);
  const end = new Date(start.getTime() + (options.durationMinutes ?? 60) * 60_000);
  const instructor = scenario.employeeIds[0];
  if (instructor === undefined) throw new Error("a class session needs the scenario's first employee");
  const [session] = await db
    .insert(appointments)
    .values({ locationId: scenario.locationId, startsAt: start, endsAt: end, capacity: options.capacity })
    .returning({ id: appointments.id });
  if (!session) throw new Error("the session insert returned no row");
  const [service] = await db
    .insert(appointmentServices)
    .values({
      appointmentId: session.id,
      servicePriceId: scenario.servicePriceId,
      position: 0,
      startsAt: start,
      endsAt: end,
      priceMinor: options.priceMinor ?? 5000,
      currencyCode: "EUR",
    })
    .returning({ id: appointmentServices.id });
  if (!service) throw new Error("the session's service insert returned no row");
  await db.insert(appointmentServiceEmployees).values({ appointmentServiceId: service.id, employeeId: instructor });
  await db.insert(bookingClaims).values({
    employeeId: instructor,
    during: asClaimRange({ start: start.getTime(), end: end.getTime() }),
    appointmentServiceId: service.id,
  });
  return session.id;
}
