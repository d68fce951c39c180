import type { AppointmentStatusKey } from "@termin/domain/appointment-statuses";
import { parseLocalDate } from "@termin/domain/booking/calendar";
import { localMomentAt } from "@termin/domain/booking/local-time";
import type { clients } from "../../account-schema.ts";
import { AppointmentRows, type AppointmentRowSet } from "./appointment-rows.ts";
import { BookingCatalogue } from "./booking-catalogue.ts";
import { BusyBook, LocationPlanner } from "./booking-planner.ts";
import { bookDemoClientVisits } from "./demo-client-visits.ts";
import { findVisit, recordVisit, type BookedLocation, type BookingRun } from "./find-visit.ts";
import { CLIENTS_PER_CITY, generateBookingClients } from "./generate-booking-clients.ts";
import { DEMO_SEED, type Catalogue, type Rows } from "./generate-catalogue.ts";
import { generateScheduleChanges, type ScheduleChanges } from "./generate-schedule-changes.ts";
import type { DemoData } from "./load-demo-data.ts";
import { Random } from "./random.ts";

/** Everything booking adds to the demo, in insert order after the catalogue and the demo client. */
export interface DemoBookings extends ScheduleChanges, AppointmentRowSet {
  clients: Rows<typeof clients>;
}

export interface GenerateBookingsOptions {
  /** The seeding instant: visits are booked over the four weeks before and after it. */
  now: Date;
  seed?: number;
  /** Books at the catalogue's first locations only (the benchmarks' large catalogue needs no visits). */
  locations?: number;
}

/** Days before and after today that visits are booked on. */
export const BOOKING_WINDOW_DAYS = 28;
/** The demo's size: a larger catalogue books at its first locations only. */
const BOOKED_LOCATIONS = 60;
const ATTEMPTS = 15;

const FUTURE_STATUSES: AppointmentStatusKey[] = ["new", "confirmed", "cancelled"];
const PAST_STATUSES: AppointmentStatusKey[] = ["completed", "noShow", "cancelled"];

/**
 * The demo's bookings relative to `now`, from the catalogue's staff schedules: holidays, shortened days and time off
 * in the coming weeks, a few client accounts per city, the demo client's visits, then three to eight visits at each
 * location in the four weeks ahead (new, confirmed, a few cancelled) and as many in the four weeks before
 * (completed, a few no-shows and cancellations). Same seed and now, same bookings.
 */
export function generateBookings(catalogue: Catalogue, data: DemoData, options: GenerateBookingsOptions): DemoBookings {
  const base = options.seed ?? DEMO_SEED;
  const random = new Random(base + 4);
  const locations = catalogue.locations.slice(0, options.locations ?? BOOKED_LOCATIONS);
  const todayOf = (location: Catalogue["locations"][number]) =>
    parseLocalDate(localMomentAt(options.now.getTime(), location.timeZone).date) as number;
  const changes = generateScheduleChanges(catalogue, locations, todayOf, random);

  const usedEmails = new Set<string>();
  const signedUpBefore = new Date(options.now.getTime() - 2 * BOOKING_WINDOW_DAYS * 86_400_000);
  const clientsByCity = new Map<number, Rows<typeof clients>>();
  data.cities.forEach((city, index) => {
    const count = CLIENTS_PER_CITY;
    const account = { count, prefix: "c1", firstIndex: index * count, usedEmails, signedUpBefore, random };
    clientsByCity.set(index + 1, generateBookingClients(city, data.locales[city.language], account));
  });

  const index = new BookingCatalogue(catalogue);
  const busy = new BusyBook();
  const booked: BookedLocation[] = locations.map((location) => {
    const today = todayOf(location);
    const dates = { firstDay: today - BOOKING_WINDOW_DAYS, lastDay: today + BOOKING_WINDOW_DAYS };
    const { scheduleExceptions, employeeTimeOff } = changes;
    const schedule = index.scheduleOf(location.id as number, dates, scheduleExceptions, employeeTimeOff);
    return { location, today, planner: new LocationPlanner(schedule, busy) };
  });
  const run: BookingRun = {
    catalogue: index,
    locations: booked,
    rows: new AppointmentRows(),
    random,
    now: options.now,
  };
  const sofia = catalogue.cities.find((city) => city.slug === "sofia")?.id ?? 1;
  bookDemoClientVisits(run, sofia);

  for (const where of booked) {
    const neighbours = clientsByCity.get(where.location.cityId) ?? [];
    for (const upcoming of [true, false]) {
      const count = random.int(3, 8);
      for (let visit = 0; visit < count; visit++) bookNeighbourVisit(run, where, neighbours, upcoming, data);
    }
  }
  return { clients: [...clientsByCity.values()].flat(), ...changes, ...run.rows.rows };
}

/** One visit of a client of the city on a random day of the four weeks ahead or before; a few tries, else none. */
function bookNeighbourVisit(
  run: BookingRun,
  where: BookedLocation,
  neighbours: Rows<typeof clients>,
  upcoming: boolean,
  data: DemoData,
): void {
  const { location, planner, today } = where;
  const { random } = run;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const day = today + (upcoming ? 1 : -1) * random.int(1, BOOKING_WINDOW_DAYS);
    const client = random.pick(neighbours);
    const clientId = client.id as string;
    const wish = { planner, businessId: location.businessId, locationId: location.id as number, day, clientId };
    const placed = findVisit(run.catalogue, { ...wish, twoServices: random.chance(0.25) }, random);
    if (!placed) continue;
    const status = upcoming
      ? random.weighted(FUTURE_STATUSES, [40, 55, 5])
      : random.weighted(PAST_STATUSES, [87, 5, 8]);
    const notes = data.clientNotes[client.language as keyof DemoData["clientNotes"]];
    const note = random.chance(0.15) ? random.pick(notes) : null;
    recordVisit(run, where, { clientId, status, services: placed, note });
    return;
  }
}
