import type { AppointmentStatusKey } from "@termin/domain/appointment-statuses";
import type { AppointmentRows } from "./appointment-rows.ts";
import type { BookingCatalogue } from "./booking-catalogue.ts";
import type { BookableService, LocationPlanner, PlacedService } from "./booking-planner.ts";
import type { Catalogue } from "./generate-catalogue.ts";
import type { Random } from "./random.ts";
import { visitStamps } from "./visit-stamps.ts";

/** A location being booked: its planner and its local today (a day number). */
export interface BookedLocation {
  location: Catalogue["locations"][number];
  planner: LocationPlanner;
  today: number;
}

/** What booking the demo's visits shares: the catalogue read for booking, the locations, the rows written. */
export interface BookingRun {
  catalogue: BookingCatalogue;
  locations: BookedLocation[];
  rows: AppointmentRows;
  random: Random;
  now: Date;
}

export interface VisitWish {
  planner: LocationPlanner;
  businessId: number;
  locationId: number;
  /** Local day number. */
  day: number;
  clientId: string;
  /** Two services back to back (the second starting when the first ends); with twoEmployees, by two people. */
  twoServices?: boolean;
  twoEmployees?: boolean;
}

/**
 * A random free visit matching the wish at a random free time of the day, or null when the random choice of
 * services and employees has no free time that day (callers try again). The second of two services must start at
 * an aligned time too, as the API requires of each service, so the first one's duration is a multiple of the step.
 */
export function findVisit(catalogue: BookingCatalogue, wish: VisitWish, random: Random): PlacedService[] | null {
  const { planner, day } = wish;
  const workingPerformers = (service: BookableService) =>
    catalogue.performersOf(service.serviceId, wish.locationId).filter((id) => planner.worksOn(id, day));
  const offered = catalogue.servicesOf(wish.businessId).filter((service) => workingPerformers(service).length > 0);
  if (offered.length === 0) return null;
  const first = random.pick(offered);
  const firstEmployee = random.pick(workingPerformers(first));
  const services = [first];
  const employees = [firstEmployee];
  if (wish.twoServices || wish.twoEmployees) {
    const aligned = first.durationMinutes % planner.schedule.stepMinutes === 0;
    const seconds = offered.filter((service) => {
      const others = workingPerformers(service).filter((id) => !wish.twoEmployees || id !== firstEmployee);
      return service.serviceId !== first.serviceId && others.length > 0;
    });
    if (!aligned || seconds.length === 0) return null;
    const second = random.pick(seconds);
    const people = workingPerformers(second);
    const others = people.filter((id) => id !== firstEmployee);
    // Another employee when the wish says so, when the first does not perform it, or often anyway.
    const sameOne = people.includes(firstEmployee) && !wish.twoEmployees && random.chance(0.4);
    services.push(second);
    employees.push(sameOne || others.length === 0 ? firstEmployee : random.pick(others));
  }
  const starts = planner.freeStarts(day, services, employees, wish.clientId);
  if (starts.length === 0) return null;
  return planner.place(random.pick(starts), services, employees, wish.clientId);
}

/** Writes a found visit and takes its time, unless it was cancelled (a cancelled visit gave its time back). */
export function recordVisit(
  run: BookingRun,
  where: BookedLocation,
  visit: { clientId: string; status: AppointmentStatusKey; services: PlacedService[]; note: string | null },
  /** When it was booked, where a notice about it must agree (otherwise a random time before the visit). */
  bookedAt?: Date,
): void {
  if (visit.status !== "cancelled") where.planner.commit(visit.services, visit.clientId);
  const stamps = bookedAt
    ? { bookedAt, changedAt: bookedAt }
    : visitStamps(visit.status, visit.services, run.now, run.random);
  run.rows.add({ locationId: where.location.id as number, ...visit, ...stamps });
}
