import { checkStart } from "@termin/domain/booking/check-start";
import type { InstantRange } from "@termin/domain/booking/types";
import type { AppointmentRowSet } from "./appointment-rows.ts";
import { BookingCatalogue } from "./booking-catalogue.ts";
import type { Catalogue } from "./generate-catalogue.ts";
import type { ScheduleChanges } from "./generate-schedule-changes.ts";

// Checks of generated bookings, for the tests: the same rules the database and the slot engine enforce.

const DAY = 86_400_000;

/** The instants of a claim's text range "[2026-12-01 08:45:00+00,2026-12-01 10:15:00+00)". */
export function parseClaimRange(during: string): [number, number] {
  const [from, to] = during.slice(1, -1).split(",");
  const instant = (text = "") => Date.parse(text.replace(" ", "T").replace(/\+00$/, "Z"));
  return [instant(from), instant(to)];
}

type Claim = AppointmentRowSet["bookingClaims"][number];
const subjectOf = (claim: Claim) =>
  claim.employeeId != null ? `employee ${claim.employeeId}` : `resource ${claim.resourceId}`;

/** Live claims of one employee or one resource unit that overlap (what the exclusion constraints refuse). */
export function findOverlaps(claims: readonly Claim[]): string[] {
  const bySubject = new Map<string, Array<[number, number]>>();
  for (const claim of claims) {
    if (claim.live === false) continue;
    const list = bySubject.get(subjectOf(claim)) ?? [];
    list.push(parseClaimRange(claim.during));
    bySubject.set(subjectOf(claim), list);
  }
  const overlaps: string[] = [];
  for (const [subject, ranges] of bySubject) {
    ranges.sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < ranges.length; i++) {
      const [previous, current] = [ranges[i - 1] as [number, number], ranges[i] as [number, number]];
      if (current[0] < previous[1]) overlaps.push(`${subject}: ${new Date(current[0]).toISOString()}`);
    }
  }
  return overlaps;
}

/**
 * Every live appointment service asked of the slot engine (checkStart) with everyone else's live claims as busy
 * time: its start must be free for its employee (who performs the service, within working time, aligned to the
 * business's step, enough resource units free). Answers the services that are not, with the engine's verdict.
 */
export function checkWithSlotEngine(
  catalogue: Catalogue,
  bookings: AppointmentRowSet & Partial<ScheduleChanges>,
): string[] {
  const index = new BookingCatalogue(catalogue);
  const locationOf = new Map(bookings.appointments.map((row) => [row.id as number, row.locationId]));
  const employeeOf = new Map(
    bookings.appointmentServiceEmployees.map((row) => [row.appointmentServiceId, row.employeeId]),
  );
  const busyOf = new Map<string, Array<InstantRange & { owner: number }>>();
  for (const claim of bookings.bookingClaims) {
    if (claim.live === false) continue;
    const [start, end] = parseClaimRange(claim.during);
    const list = busyOf.get(subjectOf(claim)) ?? [];
    list.push({ start, end, owner: claim.appointmentServiceId as number });
    busyOf.set(subjectOf(claim), list);
  }
  const live = new Set(bookings.bookingClaims.filter((c) => c.live !== false).map((c) => c.appointmentServiceId));
  const schedules = new Map<number, ReturnType<BookingCatalogue["scheduleOf"]>>();
  const problems: string[] = [];
  for (const row of bookings.appointmentServices) {
    const id = row.id as number;
    if (!live.has(id)) continue;
    const start = row.startsAt.getTime();
    const near = (subject: string) =>
      (busyOf.get(subject) ?? []).filter((b) => b.owner !== id && b.end > start - 2 * DAY && b.start < start + 2 * DAY);
    const locationId = locationOf.get(row.appointmentId) as number;
    const location = catalogue.locations.find((each) => each.id === locationId);
    const service = index.servicesOf(location?.businessId ?? 0).find((s) => s.servicePriceId === row.servicePriceId);
    const employeeId = employeeOf.get(id) as number;
    if (!location || !service) {
      problems.push(`service ${id}: not offered at location ${locationId}`);
      continue;
    }
    const schedule =
      schedules.get(locationId) ??
      index.scheduleOf(
        locationId,
        { firstDay: 0, lastDay: 0 },
        bookings.scheduleExceptions ?? [],
        bookings.employeeTimeOff ?? [],
      );
    schedules.set(locationId, schedule);
    const performers = index.performersOf(service.serviceId, locationId);
    const verdict = checkStart(
      {
        now: 0,
        rules: { leadTimeMinutes: 0, horizonDays: 100_000, stepMinutes: schedule.stepMinutes },
        location: {
          timeZone: schedule.timeZone,
          hours: schedule.hours,
          exceptions: schedule.exceptions,
          resources: schedule.resources.map((unit) => ({
            id: String(unit.id),
            kind: unit.kind,
            busy: near(`resource ${unit.id}`),
          })),
        },
        service: {
          durationMinutes: service.durationMinutes,
          bufferBeforeMinutes: service.bufferBeforeMinutes,
          bufferAfterMinutes: service.bufferAfterMinutes,
          resourceNeeds: service.needs,
        },
        employees: schedule.employees
          .filter((employee) => performers.includes(employee.id))
          .map((employee) => ({ ...employee, id: String(employee.id), busy: near(`employee ${employee.id}`) })),
      },
      start,
      String(employeeId),
    );
    if (verdict.kind !== "free" || !verdict.employeeIds.includes(String(employeeId))) {
      problems.push(`service ${id} at ${row.startsAt.toISOString()} by ${employeeId}: ${JSON.stringify(verdict)}`);
    }
  }
  return problems;
}
