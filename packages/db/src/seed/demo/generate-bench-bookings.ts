import { parseLocalDate } from "@termin/domain/booking/calendar";
import { localMomentAt } from "@termin/domain/booking/local-time";
import type { clients } from "../../account-schema.ts";
import { AppointmentRows, type AppointmentRowSet } from "./appointment-rows.ts";
import { BENCH_FIRST_ID } from "./bench-location.ts";
import { BookingCatalogue } from "./booking-catalogue.ts";
import { BusyBook, LocationPlanner, type BookableService } from "./booking-planner.ts";
import { recordVisit, type BookedLocation, type BookingRun } from "./find-visit.ts";
import { generateBookingClients } from "./generate-booking-clients.ts";
import type { Catalogue, Rows } from "./generate-catalogue.ts";
import type { DemoData } from "./load-demo-data.ts";
import { Random } from "./random.ts";

/** What the bench books: this many appointments over the days after today, by this many clients. */
export const BENCH_APPOINTMENTS = 5_000;
export const BENCH_DAYS = 56;
const BENCH_CLIENTS = 500;

/** One employee's working day (a local day number). */
interface WorkDay {
  day: number;
  employeeId: number;
}

export interface BenchBookings extends AppointmentRowSet {
  clients: Rows<typeof clients>;
}

/**
 * The bench location's appointments: BENCH_APPOINTMENTS single-service visits spread evenly over the working days
 * of its employees in the eight weeks after today (ten or eleven per person and day), each day filled from the
 * morning with small gaps, shorter services more often than long ones, a room service only while a room is free.
 * All are live (new or confirmed) and none overlap with buffers for an employee, a room or a client.
 */
export function generateBenchBookings(
  catalogue: Catalogue,
  data: DemoData,
  options: { now: Date; seed: number; appointments?: number },
): BenchBookings {
  const total = options.appointments ?? BENCH_APPOINTMENTS;
  const random = new Random(options.seed);
  const [location] = catalogue.locations;
  const sofia = data.cities.find((city) => city.slug === "sofia");
  if (!location || !sofia) throw new Error("The bench needs its location and the Sofia city data");
  const today = parseLocalDate(localMomentAt(options.now.getTime(), location.timeZone).date) as number;
  const index = new BookingCatalogue(catalogue);
  const dates = { firstDay: today, lastDay: today + BENCH_DAYS };
  const planner = new LocationPlanner(index.scheduleOf(location.id as number, dates, [], []), new BusyBook());
  const where: BookedLocation = { location, planner, today };
  const rows = new AppointmentRows(BENCH_FIRST_ID);
  const run: BookingRun = { catalogue: index, locations: [where], rows, random, now: options.now };
  const people = generateBookingClients(sofia, data.locales.bg, {
    count: BENCH_CLIENTS,
    prefix: "b1",
    firstIndex: 0,
    usedEmails: new Set(),
    domain: "bench.example.com",
    signedUpBefore: options.now,
    random,
  });

  const services = index.servicesOf(location.businessId);
  // Short services far more often than long ones: ten or eleven visits fill a working day.
  const weight = (service: BookableService) => (60 / service.durationMinutes) ** 3;
  const roomless = services.filter((service) => service.needs.length === 0);
  const [weights, roomlessWeights] = [services.map(weight), roomless.map(weight)];
  const staff = catalogue.employees.map((employee) => employee.id as number);
  const workDays: WorkDay[] = [];
  for (let day = today + 1; day <= today + BENCH_DAYS; day++) {
    for (const employeeId of staff) if (planner.worksOn(employeeId, day)) workDays.push({ day, employeeId });
  }
  const quota = Math.floor(total / workDays.length);
  const extra = new Set(random.sample(workDays, total - quota * workDays.length));

  const shortest = roomless.reduce((a, b) => (b.durationMinutes < a.durationMinutes ? b : a));
  const QUARTER = 15 * 60_000;
  let booked = 0;
  /** Books one visit of the employee's day at a random free start in [from, latest]; answers where it ends. */
  const bookBetween = (workDay: WorkDay, service: BookableService, from: number, latest: number) => {
    const clientId = random.pick(people).id as string;
    const starts = planner
      .freeStarts(workDay.day, [service], [workDay.employeeId], clientId)
      .filter((start) => start - service.bufferBeforeMinutes * 60_000 >= from && start <= latest);
    if (starts.length === 0) return null;
    const choice = starts[Math.floor(random.next() ** 2 * starts.length)] as number;
    const placed = planner.place(choice, [service], [workDay.employeeId], clientId);
    if (!placed) return null;
    const status = random.chance(0.3) ? "new" : "confirmed";
    recordVisit(run, where, { clientId, status, services: placed, note: null });
    booked += 1;
    return choice + (service.durationMinutes + service.bufferAfterMinutes) * 60_000;
  };

  for (const workDay of workDays) {
    const count = quota + (extra.has(workDay) ? 1 : 0);
    let cursor = -Infinity;
    for (let visits = 0; visits < count && booked < total;) {
      // The next visit starts when the employee is next free, or a quarter of an hour later: the days are full.
      // A room service waits for no room: when none is free then, a service without one is booked instead, and
      // when nothing fits before the lunch break or the evening, the employee's next free time is tried.
      const [free] = planner
        .freeStarts(workDay.day, [shortest], [workDay.employeeId], "")
        .filter((start) => start >= cursor);
      if (free === undefined) break;
      const next =
        bookBetween(workDay, random.weighted(services, weights), cursor, free + QUARTER) ??
        bookBetween(workDay, random.weighted(roomless, roomlessWeights), cursor, free + QUARTER);
      if (next === null) cursor = free + QUARTER;
      else [cursor, visits] = [next, visits + 1];
    }
  }
  // Days that ran out of time hand their remaining visits to any free time of any day.
  while (booked < total) {
    const before = booked;
    for (const workDay of random.sample(workDays, workDays.length)) {
      if (booked >= total) break;
      bookBetween(workDay, random.weighted(roomless, roomlessWeights), -Infinity, Infinity);
    }
    if (booked === before) throw new Error(`The bench location has room for only ${booked} appointments`);
  }
  return { clients: people, ...rows.rows };
}
