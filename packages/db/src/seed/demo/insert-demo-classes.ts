import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { waitlistEntries } from "../../waitlist-schema.ts";
import { DEMO_CLIENT } from "./demo-client.ts";
import { clients } from "../../account-schema.ts";
import {
  appointmentClients,
  appointmentServiceEmployees,
  appointmentServices,
  appointments,
  bookingClaims,
  clientClaims,
  employeeShifts,
} from "../../booking-schema.ts";
import {
  employees,
  media,
  resources,
  serviceCategories,
  serviceEmployees,
  servicePrices,
  services,
} from "../../catalogue-schema.ts";
import { classScheduleExceptions, classSchedules } from "../../class-schedule-schema.ts";
import type { Database } from "../../database.ts";
import { rawRows } from "../../raw-rows.ts";
import { drawMonogram } from "./draw-media.ts";
import { addDays } from "@termin/domain/booking/calendar";
import { localMomentAt } from "@termin/domain/booking/local-time";
import { APPOINTMENT_STATUS } from "@termin/domain/appointment-statuses";
import {
  classOccurrences,
  runsOnLocationDay,
  type ClassException,
  type LocationDay,
} from "@termin/domain/classes/class-occurrences";
import {
  CLASS_CATEGORY_NAMES,
  DEMO_CLASS_TYPES,
  DEMO_INSTRUCTORS,
  PRICE_SCALE,
  type DemoClassType,
} from "./demo-class-types.ts";
import { Random } from "./random.ts";
import { slugify } from "./slugify.ts";

/** Sessions the seed writes ahead; the server's daily job makes the rest up to each business's horizon. */
const SEEDED_DAYS = 21;
/** Sessions this many days ahead get demo clients in their seats. */
const SEATED_DAYS = 10;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Every demo class keeps its instructor and room 15 minutes after (a booking's claims carry the buffers too). */
const BUFFER_AFTER_MINUTES = 15;
/** The instructors' working day, every day: the earliest class to the latest one's end and buffer. */
const SHIFT = { from: "07:00", to: "21:30" };
const WEEK = [1, 2, 3, 4, 5, 6, 7] as const;

type StudioKind = keyof typeof DEMO_CLASS_TYPES;
interface Studio {
  location_id: number;
  business_id: number;
  kind: StudioKind;
  language: string;
  currency_code: string;
  time_zone: string;
  city_slug: string;
}

interface Session {
  id: number;
  start: number;
  end: number;
  capacity: number;
  priceMinor: number;
  currencyCode: string;
  studio: Studio;
  classType: DemoClassType;
  scheduleIndex: number;
}

const range = (start: number, end: number) =>
  sql`tstzrange(${new Date(start).toISOString()}::timestamptz, ${new Date(end).toISOString()}::timestamptz, '[)')`;

/**
 * The demo's classes: each yoga and fitness studio of the catalogue (in several cities and time zones) teaches two
 * classes with a capacity, on weekly schedules in the morning and evening, by two instructors of its own in its
 * studio room; their sessions of the next three weeks are written here as the API's daily job writes them (the job
 * adds the rest). The first studio has one session called off and one moved an hour later; demo clients take seats
 * in the next ten days (one session full, for the waitlist), and the demo client has two seats in one class.
 * Deterministic: the same catalogue and `now` give the same classes.
 */
export async function insertDemoClasses(db: Database, now: Date): Promise<void> {
  const random = new Random(2804);
  const studios = await rawRows<Studio>(
    db,
    sql`select l.id as location_id, b.id as business_id, t.slug as kind, c.language, b.currency_code, l.time_zone,
               c.slug as city_slug
        from locations l join businesses b on b.id = l.business_id join business_types t on t.id = b.business_type_id
        join cities c on c.id = l.city_id
        where t.slug in ('yoga-studio', 'fitness-studio')
        order by (c.slug = 'sofia') desc, l.id`,
  );
  const classServices = new Map<number, Array<{ servicePriceId: number; serviceId: number; priceMinor: number }>>();
  const sessions: Session[] = [];
  for (const [studioIndex, studio] of studios.entries()) {
    const types = DEMO_CLASS_TYPES[studio.kind];
    if (!classServices.has(studio.business_id)) {
      classServices.set(studio.business_id, await insertClassServices(db, studio, types));
    }
    const offered = classServices.get(studio.business_id) ?? [];
    const instructors = await insertInstructors(
      db,
      studio,
      studioIndex,
      offered.map((each) => each.serviceId),
      types,
    );
    const [room] = await db
      .insert(resources)
      .values({ locationId: studio.location_id, name: "Studio", kind: "class-studio" })
      .returning({ id: resources.id });
    const today = localMomentAt(now.getTime(), studio.time_zone).date;
    const days = await rawRows<LocationDay>(
      db,
      sql`select to_char(date, 'YYYY-MM-DD') as "date", starts_at as "opensAt", ends_at as "closesAt"
          from schedule_exceptions where location_id = ${studio.location_id} and employee_id is null`,
    );
    for (const [typeIndex, classType] of types.entries()) {
      const offer = offered[typeIndex];
      if (!offer) continue;
      for (const [scheduleIndex, schedule] of classType.schedules.entries()) {
        const [row] = await db
          .insert(classSchedules)
          .values({
            servicePriceId: offer.servicePriceId,
            locationId: studio.location_id,
            employeeId: instructors[classType.instructor] ?? 0,
            resourceId: room?.id ?? null,
            rrule: schedule.rrule,
            startsAt: schedule.startsAt,
            validFrom: addDays(today, -28),
          })
          .returning({ id: classSchedules.id });
        if (!row) throw new Error("demo classes: schedule insert returned no row");
        const recurrence = {
          ...schedule,
          startTime: schedule.startsAt,
          validFrom: addDays(today, -28),
          validUntil: null,
          timeZone: studio.time_zone,
        };
        const upcoming = classOccurrences(recurrence, today, addDays(today, SEEDED_DAYS)).filter(
          (each) => each.start > now.getTime(),
        );
        // The first studio's first schedule: its second session called off, its third an hour later.
        const exceptions: ClassException[] =
          studioIndex === 0 && typeIndex === 0 && scheduleIndex === 0
            ? [
                ...(upcoming[1] ? [{ occurrenceDate: upcoming[1].occurrenceDate, movedTo: null }] : []),
                ...(upcoming[2]
                  ? [{ occurrenceDate: upcoming[2].occurrenceDate, movedTo: upcoming[2].start + HOUR }]
                  : []),
              ]
            : [];
        for (const exception of exceptions) {
          await db.insert(classScheduleExceptions).values({
            classScheduleId: row.id,
            occurrenceDate: exception.occurrenceDate,
            movedTo: exception.movedTo === null ? null : new Date(exception.movedTo),
          });
        }
        for (const occurrence of classOccurrences(recurrence, today, addDays(today, SEEDED_DAYS), exceptions)) {
          const end = occurrence.start + classType.durationMinutes * MINUTE;
          if (occurrence.start <= now.getTime()) continue;
          if (!runsOnLocationDay(days, { start: occurrence.start, end }, studio.time_zone)) continue;
          const [session] = await db
            .insert(appointments)
            .values({
              locationId: studio.location_id,
              startsAt: new Date(occurrence.start),
              endsAt: new Date(end),
              classScheduleId: row.id,
              occurrenceDate: occurrence.occurrenceDate,
              capacity: classType.capacity,
            })
            .returning({ id: appointments.id });
          if (!session) throw new Error("demo classes: session insert returned no row");
          const [service] = await db
            .insert(appointmentServices)
            .values({
              appointmentId: session.id,
              servicePriceId: offer.servicePriceId,
              position: 0,
              startsAt: new Date(occurrence.start),
              endsAt: new Date(end),
              priceMinor: offer.priceMinor,
              currencyCode: studio.currency_code,
            })
            .returning({ id: appointmentServices.id });
          if (!service) throw new Error("demo classes: session service insert returned no row");
          const instructor = instructors[classType.instructor] ?? 0;
          await db
            .insert(appointmentServiceEmployees)
            .values({ appointmentServiceId: service.id, employeeId: instructor });
          const during = range(occurrence.start, end + BUFFER_AFTER_MINUTES * MINUTE);
          await db
            .insert(bookingClaims)
            .values([
              { employeeId: instructor, during, appointmentServiceId: service.id },
              ...(room ? [{ resourceId: room.id, during, appointmentServiceId: service.id }] : []),
            ]);
          sessions.push({
            id: session.id,
            start: occurrence.start,
            end,
            capacity: classType.capacity,
            priceMinor: offer.priceMinor,
            currencyCode: studio.currency_code,
            studio,
            classType,
            scheduleIndex,
          });
        }
      }
    }
  }
  await seatDemoClients(db, sessions, now.getTime(), random);
}

async function insertClassServices(db: Database, studio: Studio, types: readonly DemoClassType[]) {
  const name = (names: Partial<Record<string, string>> & { en: string }) => names[studio.language] ?? names.en;
  const categoryName = CLASS_CATEGORY_NAMES[studio.language] ?? "Classes";
  const slug = slugify(categoryName);
  // A studio's menu may already have a section of that name: the classes join it (a slug names one section).
  const [category] = await db
    .insert(serviceCategories)
    .values({ businessId: studio.business_id, name: categoryName, slug, position: 90 })
    .onConflictDoUpdate({
      target: [serviceCategories.businessId, serviceCategories.slug],
      set: { slug: sql`excluded.slug` },
    })
    .returning({ id: serviceCategories.id });
  if (!category) throw new Error("demo classes: category insert returned no row");
  const offered: Array<{ servicePriceId: number; serviceId: number; priceMinor: number }> = [];
  for (const [position, classType] of types.entries()) {
    const [marketplace] = await rawRows<{ id: number }>(
      db,
      sql`select id from marketplace_services where slug = ${classType.marketplaceService}`,
    );
    const [service] = await db
      .insert(services)
      .values({
        businessId: studio.business_id,
        serviceCategoryId: category.id,
        marketplaceServiceId: marketplace?.id ?? 1,
        name: name(classType.names),
        description: name(classType.descriptions),
        position,
        bufferAfterMinutes: BUFFER_AFTER_MINUTES,
        kind: "class",
        capacity: classType.capacity,
      })
      .returning({ id: services.id });
    if (!service) throw new Error("demo classes: service insert returned no row");
    const priceMinor = classType.price * (PRICE_SCALE[studio.currency_code] ?? 1) * 100;
    const [price] = await db
      .insert(servicePrices)
      .values({
        serviceId: service.id,
        priceMinor,
        currencyCode: studio.currency_code,
        durationMinutes: classType.durationMinutes,
      })
      .returning({ id: servicePrices.id });
    if (!price) throw new Error("demo classes: price insert returned no row");
    offered.push({ servicePriceId: price.id, serviceId: service.id, priceMinor });
  }
  return offered;
}

/** Two instructors of the studio's own, each with a monogram avatar like all demo staff, offering the classes they teach. */
async function insertInstructors(
  db: Database,
  studio: Studio,
  studioIndex: number,
  serviceIds: number[],
  types: readonly DemoClassType[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const slot of [0, 1] as const) {
    const local = DEMO_INSTRUCTORS[studio.language] ?? DEMO_INSTRUCTORS.en;
    const [firstName, lastName] = local?.people[(studioIndex * 2 + slot) % local.people.length] ?? ["Ana", "Ivanova"];
    const [avatar] = await db
      .insert(media)
      .values({
        kind: "image",
        ...drawMonogram({
          initials: `${firstName[0] ?? ""}${lastName[0] ?? ""}`,
          hue: (studioIndex * 97 + slot * 160) % 360,
          size: 160,
        }),
        alt: `${firstName} ${lastName}`,
        businessId: studio.business_id,
        locationId: studio.location_id,
      })
      .returning({ id: media.id });
    const [row] = await db
      .insert(employees)
      .values({
        businessId: studio.business_id,
        locationId: studio.location_id,
        firstName,
        lastName,
        title: local?.title ?? "Instructor",
        avatarMediaId: avatar?.id ?? null,
      })
      .returning({ id: employees.id });
    if (!row) throw new Error("demo classes: instructor insert returned no row");
    ids.push(row.id);
    await db
      .insert(employeeShifts)
      .values(WEEK.map((weekday) => ({ employeeId: row.id, weekday, startsAt: SHIFT.from, endsAt: SHIFT.to })));
    const taught = types.flatMap((type, index) => (type.instructor === slot ? [serviceIds[index] ?? 0] : []));
    if (taught.length > 0) {
      await db.insert(serviceEmployees).values(taught.map((serviceId) => ({ serviceId, employeeId: row.id })));
    }
  }
  return ids;
}

/**
 * Seats of the next days taken by demo clients (a place of one or two seats each), one session full, and the demo
 * client's two seats in a morning class of the first studio and place in line for the full one. A place that would overlap the client's own visit is
 * left out (the client-time constraint refuses it, in its own transaction).
 */
async function seatDemoClients(db: Database, sessions: Session[], now: number, random: Random): Promise<void> {
  const people = (
    await db
      .select({ id: clients.id })
      .from(clients)
      .where(sql`${clients.id} <> ${DEMO_CLIENT.id}`)
      .orderBy(clients.id)
      .limit(40)
  ).map((row) => row.id);
  if (people.length === 0) return;
  const soon = sessions
    .filter((session) => session.start < now + SEATED_DAYS * 24 * HOUR)
    .sort((a, b) => a.start - b.start || a.id - b.id);
  const first = sessions.filter((session) => session.studio.location_id === sessions[0]?.studio.location_id);
  const full = first.find((session) => session.classType.capacity === 8 && session.start > now + 24 * HOUR);
  const demoSession = first.find(
    (session) => session.classType === first[0]?.classType && session !== full && session.start > now + 48 * HOUR,
  );
  let next = 0;
  for (const session of soon) {
    if (session === demoSession) continue;
    const target = session === full ? session.capacity : random.int(0, session.capacity - 2);
    let taken = 0;
    for (let tries = 0; taken < target && tries < session.capacity * 2; tries++) {
      const seats = Math.min(random.chance(0.3) ? 2 : 1, target - taken);
      const clientId = people[next++ % people.length] ?? DEMO_CLIENT.id;
      if (await takeSeats(db, session, clientId, seats)) taken += seats;
    }
  }
  if (demoSession) await takeSeats(db, demoSession, DEMO_CLIENT.id, 2);
  // The demo client waits for a seat in the full session, as a client of a popular class does.
  if (full) await db.insert(waitlistEntries).values({ appointmentId: full.id, clientId: DEMO_CLIENT.id });
}

async function takeSeats(db: Database, session: Session, clientId: string, seats: number): Promise<boolean> {
  try {
    await db.transaction(async (tx) => {
      const [place] = await tx
        .insert(appointmentClients)
        .values({
          appointmentId: session.id,
          clientId,
          statusId: APPOINTMENT_STATUS.new,
          seatsCount: seats,
          totalMinor: session.priceMinor * seats,
          currencyCode: session.currencyCode,
          calendarToken: randomBytes(32).toString("base64url"),
        })
        .returning({ id: appointmentClients.id });
      if (!place) throw new Error("demo classes: place insert returned no row");
      await tx
        .insert(clientClaims)
        .values({ clientId, during: range(session.start, session.end), appointmentClientId: place.id });
    });
    return true;
  } catch (error) {
    const code =
      (error as { cause?: { code?: string }; code?: string }).cause?.code ?? (error as { code?: string }).code;
    if (code === "23P01" || code === "23505") return false;
    throw error;
  }
}
