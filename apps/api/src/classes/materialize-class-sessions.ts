import { and, eq, inArray, isNull } from "drizzle-orm";
import {
  appointmentServiceEmployees,
  appointmentServices,
  appointments,
  bookingClaims,
} from "@termin/db/booking-schema";
import { classScheduleExceptions, classSchedules } from "@termin/db/class-schedule-schema";
import { services, servicePrices } from "@termin/db/catalogue-schema";
import type { Database } from "@termin/db/database";
import { addDays } from "@termin/domain/booking/calendar";
import { localMomentAt } from "@termin/domain/booking/local-time";
import {
  classOccurrences,
  runsOnLocationDay,
  type ClassOccurrence,
  type LocationDay,
} from "@termin/domain/classes/class-occurrences";
import { rawRows } from "@termin/db/raw-rows";
import { sql } from "drizzle-orm";
import { sqlState } from "../http/database-errors.ts";
import { claimRange } from "../booking/booking-checks.ts";
import { asClaimRange } from "../booking/client-time.ts";
import { loadBookingContext, type BookingContext } from "../booking/load-availability.ts";
import { lockLocationBookings } from "../booking/plan-booking.ts";
import type { JobLog } from "../jobs/job-worker.ts";
import { cancelClassSession } from "./cancel-class-session.ts";

const MINUTE = 60_000;

export interface MaterializeOptions {
  db: Database;
  now: number;
  log: Pick<JobLog, "info" | "warn">;
  /** Only these schedules (a test's own); all of them when absent. */
  scheduleIds?: readonly number[];
  /** Asked between schedules: true stops the run there (the process is stopping), and `complete` says so. */
  stopping?: () => boolean;
}

export interface MaterializeResult {
  /** Sessions written by this run. */
  made: number;
  /** Occurrences whose instructor or room was already booked then (left out, logged). */
  clashed: number;
  /** Sessions already made that a called-off occurrence cancelled. */
  cancelled: number;
  /** False when `stopping` stopped the run before every schedule was made. */
  complete?: boolean;
}

type Schedule = typeof classSchedules.$inferSelect & { capacity: number | null };

/**
 * Makes each class schedule's sessions up to its business's booking horizon: one appointment per occurrence with
 * the schedule's capacity, its service (price and duration of the schedule's service price), the instructor and
 * the claims of the instructor and the room, buffers included, like any booking's. Idempotent: a session already
 * made (class_schedule_id, occurrence_date unique) is left as it is, so running it again or from two processes
 * makes nothing twice. An occurrence whose claims meet an existing booking (the exclusion constraints refuse
 * them, SQLSTATE 23P01) is skipped and logged inside its own savepoint, never undoing the others. A called-off
 * occurrence whose session was already made is cancelled, and its clients told.
 */
export async function materializeClassSessions(options: MaterializeOptions): Promise<MaterializeResult> {
  const { db } = options;
  const result: MaterializeResult = { made: 0, clashed: 0, cancelled: 0 };
  const schedules: Schedule[] = await db
    .select({ ...schedulesColumns(), capacity: services.capacity })
    .from(classSchedules)
    .innerJoin(servicePrices, eq(servicePrices.id, classSchedules.servicePriceId))
    .innerJoin(services, eq(services.id, servicePrices.serviceId))
    .where(
      and(
        eq(services.kind, "class"),
        options.scheduleIds ? inArray(classSchedules.id, [...options.scheduleIds]) : undefined,
      ),
    )
    .orderBy(classSchedules.id);
  for (const schedule of schedules) {
    if (options.stopping?.()) return { ...result, complete: false };
    const counts = await materializeSchedule(options, schedule);
    result.made += counts.made;
    result.clashed += counts.clashed;
    result.cancelled += counts.cancelled;
  }
  return result;
}

function schedulesColumns() {
  const { id, servicePriceId, locationId, employeeId, resourceId, rrule, startsAt, validFrom, validUntil } =
    classSchedules;
  return { id, servicePriceId, locationId, employeeId, resourceId, rrule, startsAt, validFrom, validUntil };
}

async function materializeSchedule(options: MaterializeOptions, schedule: Schedule): Promise<MaterializeResult> {
  const { db, now, log } = options;
  const context = await loadBookingContext(db, schedule.servicePriceId, schedule.locationId);
  const today = localMomentAt(now, context.timeZone).date;
  const exceptions = await db
    .select({ occurrenceDate: classScheduleExceptions.occurrenceDate, movedTo: classScheduleExceptions.movedTo })
    .from(classScheduleExceptions)
    .where(eq(classScheduleExceptions.classScheduleId, schedule.id));
  const occurrences = classOccurrences(
    {
      rrule: schedule.rrule,
      startTime: schedule.startsAt,
      validFrom: schedule.validFrom,
      validUntil: schedule.validUntil,
      timeZone: context.timeZone,
    },
    today,
    addDays(today, context.rules.engine.horizonDays),
    exceptions.map((each) => ({ occurrenceDate: each.occurrenceDate, movedTo: each.movedTo?.getTime() ?? null })),
  ).filter((occurrence) => occurrence.start > now);
  // A class does not run on a day its location is closed, nor outside a day's other hours.
  const days = await rawRows<LocationDay>(
    db,
    sql`select to_char(date, 'YYYY-MM-DD') as "date", starts_at as "opensAt", ends_at as "closesAt"
        from schedule_exceptions where location_id = ${schedule.locationId} and employee_id is null
          and date >= ${today}::date`,
  );
  const running = occurrences.filter((occurrence) =>
    runsOnLocationDay(
      days,
      { start: occurrence.start, end: occurrence.start + context.durationMinutes * MINUTE },
      context.timeZone,
    ),
  );

  const result: MaterializeResult = { made: 0, clashed: 0, cancelled: 0 };
  await db.transaction(async (tx) => {
    await lockLocationBookings(tx, schedule.locationId);
    const calledOff = exceptions.filter((each) => each.movedTo === null).map((each) => each.occurrenceDate);
    if (calledOff.length > 0) {
      const live = await tx
        .select({ id: appointments.id })
        .from(appointments)
        .where(
          and(
            eq(appointments.classScheduleId, schedule.id),
            inArray(appointments.occurrenceDate, calledOff),
            isNull(appointments.cancelledAt),
          ),
        );
      for (const session of live) await cancelClassSession(tx, session.id, now);
      result.cancelled += live.length;
    }
    for (const occurrence of running) {
      try {
        const made = await tx.transaction((savepoint) => makeSession(savepoint, schedule, context, occurrence));
        if (made) result.made += 1;
      } catch (error) {
        if (sqlState(error) !== "23P01") throw error;
        result.clashed += 1;
        log.warn(
          { classScheduleId: schedule.id, occurrenceDate: occurrence.occurrenceDate },
          "A class session was not made: its instructor or room is booked then.",
        );
      }
    }
  });
  if (result.made > 0 || result.cancelled > 0) {
    log.info({ classScheduleId: schedule.id, ...result }, "Class sessions made.");
  }
  return result;
}

/** One session with its service, instructor and claims; false when it was already made. */
async function makeSession(
  tx: Database,
  schedule: Schedule,
  context: BookingContext,
  occurrence: ClassOccurrence,
): Promise<boolean> {
  const start = occurrence.start;
  const end = start + context.durationMinutes * MINUTE;
  const [session] = await tx
    .insert(appointments)
    .values({
      locationId: schedule.locationId,
      startsAt: new Date(start),
      endsAt: new Date(end),
      classScheduleId: schedule.id,
      occurrenceDate: occurrence.occurrenceDate,
      capacity: schedule.capacity,
    })
    .onConflictDoNothing({ target: [appointments.classScheduleId, appointments.occurrenceDate] })
    .returning({ id: appointments.id });
  if (!session) return false;
  const [service] = await tx
    .insert(appointmentServices)
    .values({
      appointmentId: session.id,
      servicePriceId: schedule.servicePriceId,
      position: 0,
      startsAt: new Date(start),
      endsAt: new Date(end),
      priceMinor: context.priceMinor,
      currencyCode: context.currencyCode,
    })
    .returning({ id: appointmentServices.id });
  if (!service) throw new Error("the class session's service insert returned no row");
  await tx
    .insert(appointmentServiceEmployees)
    .values({ appointmentServiceId: service.id, employeeId: schedule.employeeId });
  const during = asClaimRange(claimRange(context, start, end));
  await tx
    .insert(bookingClaims)
    .values([
      { employeeId: schedule.employeeId, during, appointmentServiceId: service.id },
      ...(schedule.resourceId === null
        ? []
        : [{ resourceId: schedule.resourceId, during, appointmentServiceId: service.id }]),
    ]);
  return true;
}
