import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { appointmentClients, appointments, bookingHolds } from "@termin/db/booking-schema";
import { resources, services } from "@termin/db/catalogue-schema";
import { classScheduleExceptions, classSchedules } from "@termin/db/class-schedule-schema";
import type { Database } from "@termin/db/database";
import { APPOINTMENT_STATUS } from "@termin/domain/appointment-statuses";
import { localMomentAt } from "@termin/domain/booking/local-time";
import {
  createBookingScenario,
  type BookingScenario,
  type BookingScenarioOptions,
} from "../../booking/testing/booking-scenario.ts";

export interface ClassScenarioOptions extends BookingScenarioOptions {
  capacity?: number;
  /** The first schedule's rule and local start (default every day at 18:00). */
  rrule?: string;
  startsAt?: string;
  bookingHorizonDays?: number;
}

export interface ClassScenario extends BookingScenario {
  roomId: number;
  scheduleId: number;
}

/**
 * "A 60-minute class for 8 in Europe/Sofia, every day at 18:00, taught by one instructor in one room": a business
 * of the test's own (booking scenario) whose service is a class, with a room and one schedule valid from today.
 */
export async function createClassScenario(db: Database, options: ClassScenarioOptions = {}): Promise<ClassScenario> {
  const scenario = await createBookingScenario(db, {
    opens: "07:00",
    closes: "22:00",
    ...options,
    settings: { bookingHorizonDays: options.bookingHorizonDays ?? 14, ...options.settings },
  });
  await db
    .update(services)
    .set({ kind: "class", capacity: options.capacity ?? 8, name: "Yoga flow" })
    .where(eq(services.id, scenario.serviceId));
  const [room] = await db
    .insert(resources)
    .values({ locationId: scenario.locationId, name: "Studio room", kind: "room" })
    .returning({ id: resources.id });
  if (!room) throw new Error("class scenario: room insert returned no row");
  const scheduleId = await addClassSchedule(db, scenario, {
    roomId: room.id,
    rrule: options.rrule ?? "FREQ=DAILY",
    startsAt: options.startsAt ?? "18:00",
  });
  return { ...scenario, roomId: room.id, scheduleId };
}

/** Another schedule of the scenario's class (its instructor unless another is named), valid from a week ago. */
export async function addClassSchedule(
  db: Database,
  scenario: BookingScenario,
  schedule: { rrule: string; startsAt: string; roomId?: number | null; employeeId?: number },
): Promise<number> {
  const validFrom = localMomentAt(Date.now() - 7 * 86_400_000, scenario.timeZone).date;
  const [row] = await db
    .insert(classSchedules)
    .values({
      servicePriceId: scenario.servicePriceId,
      locationId: scenario.locationId,
      employeeId: schedule.employeeId ?? scenario.employeeIds[0] ?? 0,
      resourceId: schedule.roomId ?? null,
      rrule: schedule.rrule,
      startsAt: schedule.startsAt,
      validFrom,
    })
    .returning({ id: classSchedules.id });
  if (!row) throw new Error("class scenario: schedule insert returned no row");
  return row.id;
}

export async function addClassException(
  db: Database,
  scheduleId: number,
  occurrenceDate: string,
  movedTo: Date | null,
): Promise<void> {
  await db.insert(classScheduleExceptions).values({ classScheduleId: scheduleId, occurrenceDate, movedTo });
}

/** The sessions made of a schedule, soonest first. */
export function sessionsOf(db: Database, scheduleId: number) {
  return db
    .select({
      id: appointments.id,
      occurrenceDate: appointments.occurrenceDate,
      startsAt: appointments.startsAt,
      capacity: appointments.capacity,
      seatsTaken: appointments.seatsTaken,
      cancelledAt: appointments.cancelledAt,
    })
    .from(appointments)
    .where(eq(appointments.classScheduleId, scheduleId))
    .orderBy(appointments.startsAt);
}

/**
 * A client's place of `seats` in a session, written as a booking writes it (the triggers count the seats). The
 * booking route for seats is the booking core's; the session tests need only the row.
 */
export async function takeSeats(db: Database, sessionId: number, clientId: string, seats: number): Promise<number> {
  const [row] = await db
    .insert(appointmentClients)
    .values({
      appointmentId: sessionId,
      clientId,
      statusId: APPOINTMENT_STATUS.new,
      seatsCount: seats,
      totalMinor: 0,
      currencyCode: "EUR",
      calendarToken: randomBytes(24).toString("base64url"),
    })
    .returning({ id: appointmentClients.id });
  if (!row) throw new Error("class scenario: place insert returned no row");
  return row.id;
}

/** A hold of seats in a session (no claims: the session's hold the instructor and room). */
export async function holdSeats(
  db: Database,
  scenario: ClassScenario,
  session: { id: number; startsAt: Date },
  clientId: string,
  seats: number,
  expiresAt: Date,
): Promise<void> {
  await db.insert(bookingHolds).values({
    clientId,
    locationId: scenario.locationId,
    servicePriceId: scenario.servicePriceId,
    employeeId: scenario.employeeIds[0] ?? 0,
    startsAt: session.startsAt,
    endsAt: new Date(session.startsAt.getTime() + 3_600_000),
    expiresAt,
    appointmentId: session.id,
    seatsCount: seats,
  });
}
