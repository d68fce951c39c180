import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { APPOINTMENT_STATUS } from "@termin/domain/appointment-statuses";
import { localMomentAt } from "@termin/domain/booking/local-time";
import { appointments, bookingClaims } from "./booking-schema.ts";
import { businesses, cities, locations, media, reviews, servicePrices, services } from "./catalogue-schema.ts";
import type { Database, DatabaseHandle } from "./database.ts";
import { prepareDatabase } from "./prepare-database.ts";
import { rawRows } from "./raw-rows.ts";
import { BENCH_LOCATION } from "./seed/demo/bench-location.ts";
import { DEMO_CLIENT } from "./seed/demo/demo-client.ts";
import { WEBM_MAGIC } from "./seed/demo/encode-demo-video.ts";
import { DEMO_VIDEO_COUNT } from "./seed/demo/generate-look-book.ts";
import { seedBookingBench } from "./seed/demo/seed-booking-bench.ts";
import { seedDemoData } from "./seed/demo/seed-demo-data.ts";
import { createTestDatabase, type TestDatabase } from "./testing/test-database.ts";

let testDatabase: TestDatabase;
let handle: DatabaseHandle;
/** The seed places visits around the clock's now: a little after this instant. */
let seededAfter: number;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
  seededAfter = Date.now();
  handle = await prepareDatabase({ ...testDatabase.options, demoData: true });
});
afterAll(async () => {
  await handle.close();
  await testDatabase.drop();
});

describe("demo catalogue in the database", () => {
  it("is loaded into an empty database by prepareDatabase", async () => {
    expect(await handle.db.$count(locations)).toBe(60);
    expect(await handle.db.$count(businesses)).toBe(40);
    expect(await handle.db.$count(reviews)).toBeGreaterThan(60 * 3 - 1);
  });

  it("has its look-book videos: WebM files of at most 300 KB, on inspiration media with a service", async () => {
    const videos = await handle.db
      .select({ video: media.video, service: media.marketplaceServiceId, inspiration: media.inspiration })
      .from(media)
      .where(eq(media.kind, "video"));
    expect(videos).toHaveLength(DEMO_VIDEO_COUNT);
    for (const { video, service, inspiration } of videos) {
      expect(video?.subarray(0, 4)).toEqual(WEBM_MAGIC);
      expect(video?.length).toBeLessThan(300 * 1024);
      expect(service).not.toBeNull();
      expect(inspiration).toBe(true);
    }
  });

  it("is not loaded twice", async () => {
    expect(await seedDemoData(handle.db)).toBeUndefined();
    expect(await handle.db.$count(locations)).toBe(60);
  });

  it("keeps prices in euro for Sofia", async () => {
    const rows = await handle.db
      .selectDistinct({ currency: servicePrices.currencyCode })
      .from(servicePrices)
      .innerJoin(services, eq(services.id, servicePrices.serviceId))
      .innerJoin(locations, eq(locations.businessId, services.businessId))
      .innerJoin(cities, eq(cities.id, locations.cityId))
      .where(eq(cities.slug, "sofia"));
    expect(rows).toEqual([{ currency: "EUR" }]);
    expect(await handle.db.$count(servicePrices)).toBeGreaterThan(0);
  });

  it("leaves id sequences past the generated ids, so new rows get fresh ids", async () => {
    const [row] = await handle.db
      .insert(businesses)
      .values({ slug: "new-business", name: "New", businessTypeId: 1, currencyCode: "EUR", description: "" })
      .returning({ id: businesses.id });
    expect(row?.id).toBe(41);
    const next = (await handle.db.$count(appointments)) + 1;
    const [appointment] = await handle.db
      .insert(appointments)
      .values({ locationId: 1, startsAt: new Date(seededAfter), endsAt: new Date(seededAfter + HOUR) })
      .returning({ id: appointments.id });
    expect(appointment?.id).toBe(next);
  });
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * Live claims (optionally of one location) outside their employee's working time, checked here in TypeScript
 * with the location's time zone: within one shift of the local weekday and the location's hours (or that date's
 * exception), clear of the weekday's breaks and of time off. Answers how many it checked and those that are not.
 */
async function checkClaimsWorkingTime(db: Database, locationId?: number) {
  const only = locationId === undefined ? sql`true` : sql`e.location_id = ${locationId}`;
  const [claims, shifts, pauses, hours, exceptions, timeOff] = await Promise.all([
    rawRows<{
      id: number;
      employee_id: number;
      location_id: number;
      time_zone: string;
      start_ms: string;
      end_ms: string;
    }>(
      db,
      sql`select c.id, ase.employee_id, e.location_id, l.time_zone,
                 extract(epoch from lower(c.during)) * 1000 as start_ms, extract(epoch from upper(c.during)) * 1000 as end_ms
          from booking_claims c
          join appointment_service_employees ase on ase.appointment_service_id = c.appointment_service_id
          join employees e on e.id = ase.employee_id
          join locations l on l.id = e.location_id
          where c.live and ${only}`,
    ),
    rawRows<{ owner: number; weekday: number; starts_at: string; ends_at: string }>(
      db,
      sql`select employee_id as owner, weekday, starts_at, ends_at from employee_shifts`,
    ),
    rawRows<{ owner: number; weekday: number; starts_at: string; ends_at: string }>(
      db,
      sql`select employee_id as owner, weekday, starts_at, ends_at from employee_breaks`,
    ),
    rawRows<{ owner: number; weekday: number; starts_at: string; ends_at: string }>(
      db,
      sql`select location_id as owner, weekday, opens_at as starts_at, closes_at as ends_at from working_hours`,
    ),
    rawRows<{ location_id: number; date: string; starts_at: string | null; ends_at: string | null }>(
      db,
      sql`select location_id, to_char(date, 'YYYY-MM-DD') as date, starts_at, ends_at
          from schedule_exceptions where employee_id is null`,
    ),
    rawRows<{ employee_id: number; start_ms: string; end_ms: string }>(
      db,
      sql`select employee_id, extract(epoch from starts_at) * 1000 as start_ms, extract(epoch from ends_at) * 1000 as end_ms
          from employee_time_off`,
    ),
  ]);
  type Interval = { owner: number; weekday: number; starts_at: string; ends_at: string };
  const covers = (rows: Interval[], owner: number, weekday: number, from: number, to: number) =>
    rows.some(
      (row) =>
        row.owner === owner &&
        row.weekday === weekday &&
        minutesOf(row.starts_at) <= from &&
        to <= minutesOf(row.ends_at),
    );
  const outside: string[] = [];
  for (const claim of claims) {
    const [start, end] = [Number(claim.start_ms), Number(claim.end_ms)];
    const local = localMomentAt(start, claim.time_zone);
    const last = localMomentAt(end - 60_000, claim.time_zone);
    const [from, to] = [local.minuteOfDay, last.minuteOfDay + 1];
    const closed = exceptions.filter((row) => row.location_id === claim.location_id && row.date === local.date);
    const open =
      closed.length > 0
        ? closed.some(
            (row) => row.starts_at !== null && minutesOf(row.starts_at) <= from && to <= minutesOf(row.ends_at ?? ""),
          )
        : covers(hours, claim.location_id, local.weekday, from, to);
    const working =
      last.date === local.date &&
      open &&
      covers(shifts, claim.employee_id, local.weekday, from, to) &&
      !pauses.some(
        (row) =>
          row.owner === claim.employee_id &&
          row.weekday === local.weekday &&
          minutesOf(row.starts_at) < to &&
          from < minutesOf(row.ends_at),
      ) &&
      !timeOff.some(
        (row) => row.employee_id === claim.employee_id && Number(row.start_ms) < end && start < Number(row.end_ms),
      );
    if (!working) outside.push(`claim ${claim.id} of employee ${claim.employee_id} on ${local.date} ${local.time}`);
  }
  return { checked: claims.length, outside };
}

describe("demo bookings in the database", () => {
  it("are accepted by the exclusion constraints: no two live claims of an employee or a unit overlap", async () => {
    const upcoming = await handle.db.$count(appointments, sql`${appointments.startsAt} > ${new Date(seededAfter)}`);
    const past = await handle.db.$count(appointments, sql`${appointments.endsAt} <= ${new Date(seededAfter)}`);
    expect(upcoming).toBeGreaterThan(200);
    expect(past).toBeGreaterThan(200);
    const [{ overlapping } = { overlapping: -1 }] = await rawRows<{ overlapping: number }>(
      handle.db,
      sql`select count(*)::integer as overlapping from booking_claims a join booking_claims b
          on a.id < b.id and a.during && b.during and (a.employee_id = b.employee_id or a.resource_id = b.resource_id)
          where a.live and b.live`,
    );
    expect(overlapping).toBe(0);
    // The constraints are there: a copy of a live claim is refused.
    const [claim] = await handle.db.select().from(bookingClaims).where(eq(bookingClaims.live, true)).limit(1);
    const { id: _id, ...copy } = claim as typeof bookingClaims.$inferSelect;
    await expect(handle.db.insert(bookingClaims).values(copy)).rejects.toThrow();
  });

  it("places every live claim within its employee's shift for that local weekday, clear of breaks and time off", async () => {
    const { checked, outside } = await checkClaimsWorkingTime(handle.db);
    expect(outside).toEqual([]);
    expect(checked).toBeGreaterThan(500);
  });

  it("gives the demo client 3 completed visits at 2-3 places, 1 cancelled and 1 upcoming with two employees", async () => {
    const visits = await rawRows<{
      id: number;
      status_id: number;
      location_id: number;
      starts_at: string;
      review_id: number | null;
      employees: number[];
    }>(
      handle.db,
      sql`select a.id, ac.status_id, a.location_id, a.starts_at, ac.review_id,
                 array_agg(ase.employee_id order by s.position) as employees
          from appointment_clients ac
          join appointments a on a.id = ac.appointment_id
          join appointment_services s on s.appointment_id = a.id
          join appointment_service_employees ase on ase.appointment_service_id = s.id
          where ac.client_id = ${DEMO_CLIENT.id} and a.capacity is null
            and ac.status_id <> ${APPOINTMENT_STATUS.pendingPayment}
          group by a.id, ac.status_id, a.location_id, a.starts_at, ac.review_id
          order by a.starts_at`,
    );
    expect(visits).toHaveLength(5);
    const completed = visits.filter((visit) => visit.status_id === APPOINTMENT_STATUS.completed);
    expect(completed).toHaveLength(3);
    expect(new Set(completed.map((visit) => visit.location_id)).size).toBeGreaterThanOrEqual(2);
    expect(completed.every((visit) => visit.review_id === null)).toBe(true);
    const cancelled = visits.filter((visit) => visit.status_id === APPOINTMENT_STATUS.cancelled);
    expect(cancelled).toHaveLength(1);
    expect(new Date(cancelled[0]?.starts_at ?? "").getTime()).toBeLessThan(seededAfter);
    const upcoming = visits.at(-1);
    expect(upcoming?.status_id).toBe(APPOINTMENT_STATUS.confirmed);
    const startsIn = new Date(upcoming?.starts_at ?? "").getTime() - seededAfter;
    expect(startsIn).toBeGreaterThan(1.5 * DAY);
    expect(startsIn).toBeLessThan(5.5 * DAY);
    expect(new Set(upcoming?.employees).size).toBe(2);
  });

  it("asks some services for a deposit or prepayment, and has the demo client's booking wait for its deposit", async () => {
    const policies = await rawRows<{ payment_policy: string; deposit_type: string | null; count: number }>(
      handle.db,
      sql`select payment_policy, deposit_type, count(*)::int as count from services
          group by payment_policy, deposit_type order by count desc`,
    );
    expect(policies[0]?.payment_policy).toBe("venue");
    expect(policies.map((row) => `${row.payment_policy} ${row.deposit_type ?? ""}`.trim()).sort()).toEqual([
      "deposit fixed",
      "deposit percent",
      "prepay",
      "venue",
    ]);
    const waiting = await rawRows<{
      status_id: number;
      payment_method_id: number;
      amount_minor: number;
      total_minor: number;
      paid_at: string | null;
      release_at: string;
      jobs: number;
    }>(
      handle.db,
      sql`select ac.status_id, ac.payment_method_id, pl.amount_minor, ac.total_minor, pl.paid_at, pl.release_at,
                 (select count(*)::int from scheduled_jobs j where j.key = 'payment-link:' || pl.id || ':release') as jobs
          from appointment_clients ac join payment_links pl on pl.appointment_client_id = ac.id
          where ac.client_id = ${DEMO_CLIENT.id}`,
    );
    expect(waiting).toHaveLength(1);
    const [link] = waiting;
    expect(link).toMatchObject({
      status_id: APPOINTMENT_STATUS.pendingPayment,
      payment_method_id: 2,
      paid_at: null,
      jobs: 1,
    });
    expect(link?.amount_minor).toBe(Math.ceil(((link?.total_minor ?? 0) * 20) / 100));
    expect(new Date(link?.release_at ?? "").getTime()).toBeGreaterThan(seededAfter + DAY);
  });

  it("tells the demo client of the upcoming visit in their newest notification, which opens it", async () => {
    const [newest] = await rawRows<{ kind: string; facts: { startsAt: string; place: string }; action_url: string }>(
      handle.db,
      sql`select n.kind, n.facts, n.action_url from notifications n
          where n.client_id = ${DEMO_CLIENT.id} order by n.created_at desc limit 1`,
    );
    const [upcoming] = await rawRows<{ id: number; starts_at: string; place: string; booked_at: string }>(
      handle.db,
      sql`select ac.id, a.starts_at, l.name as place, ac.created_at as booked_at
          from appointment_clients ac
          join appointments a on a.id = ac.appointment_id
          join locations l on l.id = a.location_id
          where ac.client_id = ${DEMO_CLIENT.id} and a.starts_at > now()
            and ac.status_id <> ${APPOINTMENT_STATUS.pendingPayment}
            and exists (select 1 from appointment_services s where s.appointment_id = a.id)
          order by a.starts_at limit 1`,
    );
    expect(newest?.kind).toBe("appointment_booked");
    expect(newest?.action_url).toBe(`/appointments/${upcoming?.id}`);
    expect(new Date(newest?.facts.startsAt ?? "").getTime()).toBe(new Date(upcoming?.starts_at ?? "").getTime());
    expect(newest?.facts.place).toBe(upcoming?.place);
    // Booked when the notice says: two hours before the seeding.
    expect(seededAfter - new Date(upcoming?.booked_at ?? "").getTime()).toBeGreaterThan(1.9 * HOUR);
  });

  it("leads each notice of the demo client to what it is about: the form, the visit to review, a place booking online", async () => {
    const leadsTo = async (title: string) => {
      const [row] = await rawRows<{ action_url: string }>(
        handle.db,
        sql`select action_url from notifications where client_id = ${DEMO_CLIENT.id} and title = ${title}`,
      );
      return row?.action_url ?? "";
    };
    const formId = /^\/forms\/([\w-]+)$/.exec(await leadsTo("A form to fill in"))?.[1] ?? "";
    const [form] = await rawRows<{ answered: boolean }>(
      handle.db,
      sql`select exists (select 1 from form_answers fa where fa.form_request_id = fr.id) as answered
          from form_requests fr where fr.id = ${formId} and fr.client_id = ${DEMO_CLIENT.id}`,
    );
    expect(form).toEqual({ answered: false });

    const visitId = Number(/^\/appointments\/(\d+)#review$/.exec(await leadsTo("How was your visit?"))?.[1]);
    const [visit] = await rawRows<{ status_id: number; review_id: number | null }>(
      handle.db,
      sql`select status_id, review_id from appointment_clients where id = ${visitId} and client_id = ${DEMO_CLIENT.id}`,
    );
    expect(visit).toEqual({ status_id: APPOINTMENT_STATUS.completed, review_id: null });

    const slug = /^\/location\/([\w-]+)$/.exec(await leadsTo("20% off this week"))?.[1] ?? "";
    const [offer] = await rawRows<{ online: boolean }>(
      handle.db,
      sql`select coalesce((b.settings->>'onlineBooking')::boolean, true) as online
          from locations l join businesses b on b.id = l.business_id where l.slug = ${slug}`,
    );
    expect(offer).toEqual({ online: true });
  });
});

describe("the booking bench location", () => {
  it("adds bench-studio with 5,000 appointments for its 10 employees, all within their shifts", async () => {
    expect(await seedBookingBench(handle.db)).toBe(true);
    const [location] = await handle.db.select().from(locations).where(eq(locations.slug, BENCH_LOCATION.slug));
    expect(location?.id).toBe(BENCH_LOCATION.id);
    expect(await handle.db.$count(appointments, eq(appointments.locationId, BENCH_LOCATION.id))).toBe(5000);
    const [{ employees } = { employees: 0 }] = await rawRows<{ employees: number }>(
      handle.db,
      sql`select count(distinct ase.employee_id)::integer as employees
          from appointments a
          join appointment_services s on s.appointment_id = a.id
          join appointment_service_employees ase on ase.appointment_service_id = s.id
          where a.location_id = ${BENCH_LOCATION.id}`,
    );
    expect(employees).toBe(10);
    const { checked, outside } = await checkClaimsWorkingTime(handle.db, BENCH_LOCATION.id);
    expect(outside).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(5000);
    expect(await seedBookingBench(handle.db)).toBe(false);
  });
});
