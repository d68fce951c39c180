import type { scheduleExceptions, employeeTimeOff } from "../../booking-schema.ts";
import type { DateException, WeeklyInterval, Weekday } from "@termin/domain/booking/types";
import type { BookableService, LocationSchedule } from "./booking-planner.ts";
import type { Catalogue, Rows } from "./generate-catalogue.ts";

/** The business's slot step when it sets none (the API's default). */
const DEFAULT_STEP_MINUTES = 15;

const hhmm = (time: string) => time.slice(0, 5);

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

const weekly = (rows: ReadonlyArray<{ weekday: number; startsAt: string; endsAt: string }>): WeeklyInterval[] =>
  rows.map((row) => ({ weekday: row.weekday as Weekday, start: hhmm(row.startsAt), end: hhmm(row.endsAt) }));

/** A date's exception rows as the engine reads them: its intervals; a row without times closes the date. */
function datesOf(rows: Rows<typeof scheduleExceptions>): DateException[] {
  const byDate = groupBy(rows, (row) => row.date);
  return [...byDate].map(([date, list]) => ({
    date,
    intervals: list.flatMap((row) =>
      row.startsAt && row.endsAt ? [{ start: hhmm(row.startsAt), end: hhmm(row.endsAt) }] : [],
    ),
  }));
}

/** The catalogue read for booking: what each business offers, who performs it where, and each location's schedule. */
export class BookingCatalogue {
  private readonly servicesByBusiness: Map<number, BookableService[]>;
  private readonly performers = new Map<string, number[]>();
  private readonly stepByBusiness: Map<number, number>;
  private readonly staff: Map<number, Catalogue["employees"]>;
  private readonly shifts: Map<number, Catalogue["employeeShifts"]>;
  private readonly breaks: Map<number, Catalogue["employeeBreaks"]>;
  private readonly hours: Map<number, Catalogue["workingHours"]>;
  private readonly units: Map<number, Catalogue["resources"]>;
  private readonly locations: Map<number, Catalogue["locations"][number]>;

  constructor(catalogue: Catalogue) {
    const needs = groupBy(catalogue.serviceResourceNeeds, (need) => need.serviceId);
    const services = new Map(catalogue.services.map((service) => [service.id as number, service]));
    const bookable = catalogue.servicePrices.flatMap((price): Array<BookableService & { businessId: number }> => {
      const service = services.get(price.serviceId);
      if (!service) return [];
      return [
        {
          businessId: service.businessId,
          servicePriceId: price.id as number,
          serviceId: price.serviceId,
          durationMinutes: price.durationMinutes,
          bufferBeforeMinutes: service.bufferBeforeMinutes ?? 0,
          bufferAfterMinutes: service.bufferAfterMinutes ?? 0,
          needs: (needs.get(price.serviceId) ?? []).map((need) => ({
            kind: need.resourceKind,
            quantity: need.quantity ?? 1,
          })),
          priceMinor: price.priceMinor,
          currencyCode: price.currencyCode,
        },
      ];
    });
    this.servicesByBusiness = groupBy(bookable, (service) => service.businessId);
    const locationOf = new Map(catalogue.employees.map((employee) => [employee.id as number, employee.locationId]));
    for (const link of catalogue.serviceEmployees) {
      if (link.active === false) continue;
      const key = `${link.serviceId}@${locationOf.get(link.employeeId)}`;
      this.performers.set(key, [...(this.performers.get(key) ?? []), link.employeeId]);
    }
    this.staff = groupBy(catalogue.employees, (employee) => employee.locationId);
    this.shifts = groupBy(catalogue.employeeShifts, (shift) => shift.employeeId);
    this.breaks = groupBy(catalogue.employeeBreaks, (pause) => pause.employeeId);
    this.hours = groupBy(catalogue.workingHours, (row) => row.locationId);
    this.units = groupBy(catalogue.resources, (unit) => unit.locationId);
    this.locations = new Map(catalogue.locations.map((location) => [location.id as number, location]));
    this.stepByBusiness = new Map(
      catalogue.businesses.map((business) => [
        business.id as number,
        business.settings?.slotStepMinutes ?? DEFAULT_STEP_MINUTES,
      ]),
    );
  }

  /** Every service price of the business, with the service's buffers and resource needs. */
  servicesOf(businessId: number): BookableService[] {
    return this.servicesByBusiness.get(businessId) ?? [];
  }

  /** The employees of a location who perform a service (active links only, as the API reads them). */
  performersOf(serviceId: number, locationId: number): number[] {
    return this.performers.get(`${serviceId}@${locationId}`) ?? [];
  }

  stepOf(businessId: number): number {
    return this.stepByBusiness.get(businessId) ?? DEFAULT_STEP_MINUTES;
  }

  /** A location's schedule over local days firstDay to lastDay, with the exceptions and time off generated for it. */
  scheduleOf(
    locationId: number,
    dates: { firstDay: number; lastDay: number },
    exceptions: Rows<typeof scheduleExceptions>,
    timeOff: Rows<typeof employeeTimeOff>,
  ): LocationSchedule {
    const location = this.locations.get(locationId);
    if (!location) throw new Error(`No location ${locationId} in the catalogue`);
    const own = (employeeId: number) => (row: { employeeId: number }) => row.employeeId === employeeId;
    const here = exceptions.filter((row) => row.locationId === locationId);
    return {
      timeZone: location.timeZone,
      stepMinutes: this.stepOf(location.businessId),
      hours: (this.hours.get(locationId) ?? []).map((row) => ({
        weekday: row.weekday as Weekday,
        start: hhmm(row.opensAt),
        end: hhmm(row.closesAt),
      })),
      exceptions: datesOf(here.filter((row) => row.employeeId == null)),
      employees: (this.staff.get(locationId) ?? []).map((employee) => {
        const id = employee.id as number;
        return {
          id,
          shifts: weekly(this.shifts.get(id) ?? []),
          breaks: weekly(this.breaks.get(id) ?? []),
          exceptions: datesOf(here.filter((row) => row.employeeId === id)),
          timeOff: timeOff.filter(own(id)).map((row) => ({ start: row.startsAt.getTime(), end: row.endsAt.getTime() })),
        };
      }),
      resources: (this.units.get(locationId) ?? []).map((unit) => ({
        id: unit.id as number,
        kind: unit.kind ?? "room",
      })),
      ...dates,
    };
  }
}
