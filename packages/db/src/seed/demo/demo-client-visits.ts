import type { AppointmentStatusKey } from "@termin/domain/appointment-statuses";
import { DEMO_CLIENT } from "./demo-client.ts";
import { DEMO_BOOKED_HOURS_AGO } from "./demo-notifications.ts";
import { findVisit, recordVisit, type BookedLocation, type BookingRun } from "./find-visit.ts";

/** The demo client's past visits: days ago, at the first, second and third of their city's places, and how it ended. */
const PAST_VISITS: Array<{ daysAgo: number; place: number; status: AppointmentStatusKey }> = [
  { daysAgo: 5, place: 0, status: "completed" },
  { daysAgo: 12, place: 1, status: "completed" },
  { daysAgo: 19, place: 2, status: "completed" },
  { daysAgo: 9, place: 0, status: "cancelled" },
];

/** Days from today tried for the upcoming visit, nearest to "in three days" first. */
const UPCOMING_DAYS = [3, 2, 4, 5];
/** Days tried for the booking still waiting for its deposit (demo-payments.ts gives it its payment link). */
const AWAITING_PAYMENT_DAYS = [6, 7, 8, 9];
const ATTEMPTS = 20;

type VisitKind = "single" | "twoServices" | "twoEmployees";

/** Day offsets around a wished day, nearest first: 0, 1, -1, 2, -2, 3. */
const around = [0, 1, -1, 2, -2, 3];

/**
 * The demo client's own appointments, booked before anyone else's so they always find a time: three completed
 * visits at up to three places of their city (Sofia) to try the review flow with (no review yet), one cancelled
 * visit, and one upcoming in about three days with two services back to back by two different employees.
 */
export function bookDemoClientVisits(run: BookingRun, city: number): void {
  const local = run.locations.filter(({ location }) => location.cityId === city);
  const places = local.length > 0 ? local : run.locations;
  const clientId = DEMO_CLIENT.id;
  const book = (where: BookedLocation, offsets: readonly number[], base: number, kind: VisitKind) => {
    for (const offset of offsets) {
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const { location, planner, today } = where;
        const wish = { planner, businessId: location.businessId, locationId: location.id as number, clientId };
        const two = { twoServices: kind !== "single", twoEmployees: kind === "twoEmployees" };
        const visit = { ...wish, day: today + base + offset, ...two };
        const placed = findVisit(run.catalogue, visit, run.random);
        if (placed) return placed;
      }
    }
    return null;
  };

  for (const visit of PAST_VISITS) {
    // Its place, or the next one of the city with something free.
    for (let next = 0; next < places.length; next++) {
      const where = places[(visit.place + next) % places.length] as BookedLocation;
      const placed = book(where, around, -visit.daysAgo, "single");
      if (!placed) continue;
      recordVisit(run, where, { clientId, status: visit.status, services: placed, note: null });
      break;
    }
  }
  // Two employees where the catalogue allows (a tiny one may not: then two services by one, or one service).
  const everywhere = [...places, ...run.locations.filter((each) => !places.includes(each))];
  for (const kind of ["twoEmployees", "twoServices", "single"] as const) {
    for (const where of everywhere) {
      const placed = book(where, UPCOMING_DAYS, 0, kind);
      if (!placed) continue;
      const visit = { clientId, status: "confirmed" as const, services: placed, note: "Same as last time, please." };
      // Booked two hours ago: the demo's newest notification says so (demo-notifications.ts).
      recordVisit(run, where, visit, new Date(run.now.getTime() - DEMO_BOOKED_HOURS_AGO * 3_600_000));
      bookAwaitingPayment();
      return;
    }
  }

  /** And one booked minutes ago that waits for its payment online. */
  function bookAwaitingPayment() {
    for (const where of everywhere) {
      const placed = book(where, AWAITING_PAYMENT_DAYS, 0, "single");
      if (!placed) continue;
      const visit = { clientId, status: "pendingPayment" as const, services: placed, note: null };
      recordVisit(run, where, visit, new Date(run.now.getTime() - 5 * 60_000));
      return;
    }
  }
}
