import { describe, expect, it } from "vitest";
import { localMomentAt } from "@termin/domain/booking/local-time";
import { BENCH_LOCATION, generateBenchCatalogue, type BenchLookups } from "./bench-location.ts";
import { BENCH_APPOINTMENTS, generateBenchBookings } from "./generate-bench-bookings.ts";
import { generateCatalogue } from "./generate-catalogue.ts";
import { loadDemoData } from "./load-demo-data.ts";
import { checkWithSlotEngine, findOverlaps } from "./verify-bookings.ts";

const data = loadDemoData();
const demo = generateCatalogue(data, { locations: 3 });
const sofia = demo.cities.find((city) => city.slug === "sofia");
const neighborhood = demo.neighborhoods.find((each) => each.cityId === sofia?.id);
const lookups: BenchLookups = {
  city: { id: sofia?.id as number, timeZone: "Europe/Sofia", currencyCode: "EUR" },
  neighborhood: { id: neighborhood?.id as number, latitude: 42.68, longitude: 23.32 },
  businessTypeId: demo.businessTypes.find((type) => type.slug === "beauty-salon")?.id as number,
  marketplaceServiceIds: new Map(demo.marketplaceServices.map((service) => [service.slug, service.id as number])),
};
const NOW = new Date("2026-12-01T07:00:00Z");
const catalogue = generateBenchCatalogue(data, lookups, 1);
const bookings = generateBenchBookings(catalogue, data, { now: NOW, seed: 2 });
const DAY = 86_400_000;

describe("the booking bench's location", () => {
  it("is bench-studio, id 900001: ten employees who perform every service, three rooms, ids from 900001", () => {
    expect(catalogue.locations).toEqual([expect.objectContaining({ id: 900_001, slug: BENCH_LOCATION.slug })]);
    expect(catalogue.employees).toHaveLength(10);
    expect(catalogue.serviceEmployees).toHaveLength(10 * catalogue.services.length);
    expect(catalogue.resources.map((unit) => unit.kind)).toEqual(["room", "room", "room"]);
    expect(catalogue.serviceResourceNeeds.length).toBeGreaterThan(0);
    for (const rows of [catalogue.services, catalogue.employees, bookings.appointments, bookings.bookingClaims]) {
      expect(Math.min(...rows.map((row) => row.id as number))).toBe(900_001);
    }
  });

  it("opens Mon-Sat 08:00-20:00 and everyone works then, with a lunch hour", () => {
    const week = [1, 2, 3, 4, 5, 6].map((day) => `${day} 08:00-20:00`);
    expect(catalogue.workingHours.map((row) => `${row.weekday} ${row.opensAt}-${row.closesAt}`)).toEqual(week);
    for (const employee of catalogue.employees) {
      const shifts = catalogue.employeeShifts.filter((shift) => shift.employeeId === employee.id);
      expect(shifts.map((shift) => `${shift.weekday} ${shift.startsAt}-${shift.endsAt}`)).toEqual(week);
      expect(catalogue.employeeBreaks.filter((pause) => pause.employeeId === employee.id)).toHaveLength(6);
    }
  });

  it("books 5,000 appointments for its ten employees, spread evenly over the next eight weeks", () => {
    expect(bookings.appointments).toHaveLength(BENCH_APPOINTMENTS);
    const perEmployee = new Map<number, number>();
    for (const row of bookings.appointmentServiceEmployees) {
      perEmployee.set(row.employeeId, (perEmployee.get(row.employeeId) ?? 0) + 1);
    }
    expect(perEmployee.size).toBe(10);
    for (const count of perEmployee.values()) expect(count).toBeGreaterThan(450);
    const days = new Set(
      bookings.appointments.map((row) => localMomentAt(row.startsAt.getTime(), "Europe/Sofia").date),
    );
    expect(days.size).toBe(48);
    for (const row of bookings.appointments) {
      expect(row.startsAt.getTime()).toBeGreaterThan(NOW.getTime());
      expect(row.endsAt.getTime()).toBeLessThan(NOW.getTime() + 57 * DAY);
    }
    expect(bookings.bookingClaims.every((claim) => claim.live)).toBe(true);
  });

  it("never overlaps an employee's or a room's appointments, and books only slots the engine offers", () => {
    expect(findOverlaps(bookings.bookingClaims)).toEqual([]);
    expect(checkWithSlotEngine(catalogue, bookings)).toEqual([]);
    expect(bookings.bookingClaims.filter((claim) => claim.resourceId != null).length).toBeGreaterThan(500);
  });
});
