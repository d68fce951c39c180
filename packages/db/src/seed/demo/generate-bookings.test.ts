import { describe, expect, it } from "vitest";
import { APPOINTMENT_STATUS } from "@termin/domain/appointment-statuses";
import { localMomentAt } from "@termin/domain/booking/local-time";
import { DEMO_CLIENT } from "./demo-client.ts";
import { generateBookings } from "./generate-bookings.ts";
import { generateCatalogue } from "./generate-catalogue.ts";
import { loadDemoData } from "./load-demo-data.ts";
import { checkWithSlotEngine, findOverlaps, parseClaimRange } from "./verify-bookings.ts";

const data = loadDemoData();
const catalogue = generateCatalogue(data, { locations: 60 });
// Clocks go forward on 28 March 2027 in most of the demo's zones: inside the four weeks booked after now.
const NOW = new Date("2027-03-20T10:00:00Z");
const DAY = 86_400_000;
const bookings = generateBookings(catalogue, data, { now: NOW });
const { appointments, appointmentServices, appointmentClients, bookingClaims } = bookings;
const clientOf = new Map(appointmentClients.map((row) => [row.appointmentId, row]));
const servicesOf = (appointmentId: number) => appointmentServices.filter((row) => row.appointmentId === appointmentId);
const employeeOf = new Map(
  bookings.appointmentServiceEmployees.map((row) => [row.appointmentServiceId, row.employeeId]),
);

describe("generateBookings", () => {
  it("is deterministic for a seed and a now", () => {
    expect(JSON.stringify(generateBookings(catalogue, data, { now: NOW }))).toBe(JSON.stringify(bookings));
  });

  it("books a few hundred visits in the four weeks ahead and as many in the four weeks before", () => {
    const upcoming = appointments.filter((row) => row.startsAt.getTime() > NOW.getTime());
    const past = appointments.filter((row) => row.endsAt.getTime() <= NOW.getTime());
    expect(upcoming.length + past.length).toBe(appointments.length);
    for (const rows of [upcoming, past]) {
      expect(rows.length).toBeGreaterThan(200);
      expect(rows.length).toBeLessThan(500);
    }
    expect(Math.max(...upcoming.map((row) => row.startsAt.getTime()))).toBeLessThan(NOW.getTime() + 29 * DAY);
    expect(Math.min(...past.map((row) => row.startsAt.getTime()))).toBeGreaterThan(NOW.getTime() - 29 * DAY);
    const statuses = (rows: typeof appointments) => rows.map((row) => clientOf.get(row.id as number)?.statusId);
    const { new: fresh, confirmed, completed, cancelled, noShow, pendingPayment } = APPOINTMENT_STATUS;
    // pendingPayment: the demo client's booking waiting for its deposit.
    expect(new Set(statuses(upcoming))).toEqual(new Set([fresh, confirmed, cancelled, pendingPayment]));
    expect(new Set(statuses(past))).toEqual(new Set([completed, noShow, cancelled]));
    const share = (status: number) => statuses(appointments).filter((s) => s === status).length / appointments.length;
    expect(share(cancelled)).toBeLessThan(0.1);
    expect(share(noShow)).toBeLessThan(0.05);
    expect(servicesOf(appointments[0]?.id as number).length).toBeGreaterThan(0);
    expect(appointments.filter((row) => servicesOf(row.id as number).length === 2).length).toBeGreaterThan(20);
  });

  it("writes each visit as the API's booking does: spans, back-to-back services, prices, totals, claims", () => {
    const bookable = new Map(catalogue.servicePrices.map((price) => [price.id as number, price]));
    const serviceOf = new Map(catalogue.services.map((service) => [service.id as number, service]));
    const needs = new Map(catalogue.serviceResourceNeeds.map((need) => [need.serviceId, need]));
    for (const appointment of appointments) {
      const services = servicesOf(appointment.id as number);
      expect(services.map((row) => row.position)).toEqual(services.map((_, index) => index));
      expect(appointment.startsAt).toEqual(services[0]?.startsAt);
      expect(appointment.endsAt).toEqual(services.at(-1)?.endsAt);
      services.slice(1).forEach((row, index) => expect(row.startsAt).toEqual(services[index]?.endsAt));
      const client = clientOf.get(appointment.id as number);
      expect(client?.totalMinor).toBe(services.reduce((sum, row) => sum + row.priceMinor, 0));
      const live = client?.statusId !== APPOINTMENT_STATUS.cancelled;
      expect(appointment.sequence).toBe(live ? 0 : 1);
      for (const row of services) {
        const price = bookable.get(row.servicePriceId);
        const service = serviceOf.get(price?.serviceId ?? 0);
        expect(row).toMatchObject({ priceMinor: price?.priceMinor, currencyCode: price?.currencyCode });
        expect(row.endsAt.getTime() - row.startsAt.getTime()).toBe((price?.durationMinutes ?? 0) * 60_000);
        const claims = bookingClaims.filter((claim) => claim.appointmentServiceId === row.id);
        expect(claims.filter((claim) => claim.employeeId === employeeOf.get(row.id as number))).toHaveLength(1);
        expect(claims.filter((claim) => claim.resourceId != null)).toHaveLength(needs.has(service?.id ?? 0) ? 1 : 0);
        for (const claim of claims) {
          expect(claim.live).toBe(live);
          expect(parseClaimRange(claim.during)).toEqual([
            row.startsAt.getTime() - (service?.bufferBeforeMinutes ?? 0) * 60_000,
            row.endsAt.getTime() + (service?.bufferAfterMinutes ?? 0) * 60_000,
          ]);
        }
      }
    }
  });

  it("never lets two live claims of an employee or a resource unit overlap, buffers included", () => {
    expect(findOverlaps(bookingClaims)).toEqual([]);
    expect(bookingClaims.some((claim) => claim.live === false)).toBe(true);
    expect(bookingClaims.some((claim) => claim.resourceId != null)).toBe(true);
  });

  it("books only times the slot engine offers: aligned, in working time, the employee and the units free", () => {
    expect(checkWithSlotEngine(catalogue, bookings)).toEqual([]);
  });

  it("closes a few locations for a holiday, shortens a few days and sends a few employees on vacation", () => {
    const holidays = bookings.scheduleExceptions.filter((row) => row.startsAt == null);
    const shortened = bookings.scheduleExceptions.filter((row) => row.startsAt != null);
    expect(holidays.length).toBeGreaterThanOrEqual(2);
    expect(shortened.length).toBeGreaterThanOrEqual(2);
    for (const row of bookings.scheduleExceptions) expect(row.employeeId).toBeNull();
    for (const holiday of holidays) {
      const location = catalogue.locations.find((each) => each.id === holiday.locationId);
      const visits = appointments.filter(
        (row) =>
          row.locationId === holiday.locationId &&
          clientOf.get(row.id as number)?.statusId !== APPOINTMENT_STATUS.cancelled &&
          localMomentAt(row.startsAt.getTime(), location?.timeZone ?? "UTC").date === holiday.date,
      );
      expect(visits).toEqual([]);
    }
    const vacations = bookings.employeeTimeOff.filter((row) => row.reason === "Vacation");
    expect(vacations.length).toBeGreaterThanOrEqual(3);
    for (const vacation of vacations) {
      expect(vacation.startsAt.getTime()).toBeGreaterThan(NOW.getTime());
      expect(vacation.startsAt.getTime()).toBeLessThan(NOW.getTime() + 6 * 7 * DAY);
      // A week of local days: 7 x 24 hours, or one hour less across the spring clock change.
      expect([168, 167]).toContain((vacation.endsAt.getTime() - vacation.startsAt.getTime()) / 3_600_000);
    }
  });

  it("gives the demo client three completed visits at several places, a cancelled one and one in about three days", () => {
    const mine = appointmentClients.filter((row) => row.clientId === DEMO_CLIENT.id);
    // And one waiting for its payment, in about a week (demo-payments.ts gives it its link).
    const awaiting = mine.filter((row) => row.statusId === APPOINTMENT_STATUS.pendingPayment);
    expect(awaiting).toHaveLength(1);
    const own = mine.filter((row) => row.statusId !== APPOINTMENT_STATUS.pendingPayment);
    const visit = (row: (typeof own)[number]) => appointments.find((each) => each.id === row.appointmentId);
    const completed = own.filter((row) => row.statusId === APPOINTMENT_STATUS.completed);
    expect(completed).toHaveLength(3);
    expect(new Set(completed.map((row) => visit(row)?.locationId)).size).toBeGreaterThanOrEqual(2);
    for (const row of completed) {
      expect(row.reviewId).toBeUndefined();
      expect(visit(row)?.endsAt.getTime()).toBeLessThan(NOW.getTime());
    }
    const cancelled = own.filter((row) => row.statusId === APPOINTMENT_STATUS.cancelled);
    expect(cancelled).toHaveLength(1);
    expect(visit(cancelled[0] as (typeof own)[number])?.startsAt.getTime()).toBeLessThan(NOW.getTime());
    const upcoming = own.filter((row) => (visit(row)?.startsAt.getTime() ?? 0) > NOW.getTime());
    expect(upcoming).toHaveLength(1);
    const next = visit(upcoming[0] as (typeof own)[number]);
    expect(next?.startsAt.getTime()).toBeGreaterThan(NOW.getTime() + 1.5 * DAY);
    expect(next?.startsAt.getTime()).toBeLessThan(NOW.getTime() + 5.5 * DAY);
    const services = servicesOf(next?.id as number);
    expect(services).toHaveLength(2);
    expect(services[1]?.startsAt).toEqual(services[0]?.endsAt);
    expect(new Set(services.map((row) => employeeOf.get(row.id as number))).size).toBe(2);
    expect(own).toHaveLength(5);
  });

  it("books for a few client accounts per city, named in the city's language, without passwords", () => {
    expect(bookings.clients).toHaveLength(data.cities.length * 2);
    expect(new Set(bookings.clients.map((client) => client.email)).size).toBe(bookings.clients.length);
    for (const client of bookings.clients) {
      expect(client.passwordHash).toBeNull();
      expect(client.email).toMatch(/^[a-z0-9.]+@example\.com$/);
    }
    expect(bookings.clients.some((client) => /[\u0400-\u04FF]/.test(client.firstName))).toBe(true);
    expect(bookings.clients.some((client) => /[\u0370-\u03FF]/.test(client.firstName))).toBe(true);
    const booked = new Set(appointmentClients.map((row) => row.clientId));
    expect(bookings.clients.filter((client) => booked.has(client.id as string)).length).toBeGreaterThan(40);
  });
});
