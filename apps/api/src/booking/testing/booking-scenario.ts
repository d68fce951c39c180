import { randomUUID } from "node:crypto";
import {
  businessTypes,
  businesses,
  cities,
  currencies,
  employees,
  locations,
  marketplaceServices,
  resources,
  serviceCategories,
  serviceEmployees,
  servicePrices,
  services,
  workingHours,
} from "@termin/db/catalogue-schema";
import { employeeBreaks, employeeShifts, serviceResourceNeeds } from "@termin/db/booking-schema";
import type { BusinessSettings } from "@termin/db/business-settings";
import type { Database } from "@termin/db/database";

/** "Open 09:00-17:00 Monday to Sunday in Europe/Sofia, two employees, a 60-minute service": a test's own place. */
export interface BookingScenarioOptions {
  timeZone?: string;
  /** Opening hours, every weekday. */
  opens?: string;
  closes?: string;
  settings?: BusinessSettings;
  employees?: number;
  durationMinutes?: number;
  priceMinor?: number;
  bufferAfterMinutes?: number;
  /** Units of a resource kind the location has, and how many of them the service needs. */
  resources?: { kind: string; units: number; needed: number };
  /** Each employee's break, every weekday. */
  breakFrom?: string;
  breakTo?: string;
}

export interface BookingScenario {
  businessId: number;
  locationId: number;
  serviceId: number;
  servicePriceId: number;
  employeeIds: number[];
  resourceIds: number[];
  timeZone: string;
}

const WEEK = [1, 2, 3, 4, 5, 6, 7] as const;

/** Inserts a business with one location, one service with one price, and its employees with their hours. */
export async function createBookingScenario(
  db: Database,
  options: BookingScenarioOptions = {},
): Promise<BookingScenario> {
  const timeZone = options.timeZone ?? "Europe/Sofia";
  const opens = options.opens ?? "09:00";
  const closes = options.closes ?? "17:00";
  const unique = randomUUID().slice(0, 8);
  const names = Object.fromEntries(
    ["bg", "en", "de", "es", "it", "fr", "tr", "ro", "el", "mk", "ru"].map((language) => [language, `Test ${unique}`]),
  ) as typeof cities.$inferInsert.names;

  await db.insert(currencies).values({ code: "EUR", minorUnits: 2 }).onConflictDoNothing();
  const [type] = await db
    .insert(businessTypes)
    .values({ slug: `type-${unique}`, names })
    .returning();
  const [city] = await db
    .insert(cities)
    .values({
      slug: `city-${unique}`,
      countryCode: "BG",
      language: "bg",
      currencyCode: "EUR",
      timeZone,
      latitude: 42.7,
      longitude: 23.3,
      names,
    })
    .returning();
  if (!type || !city) throw new Error("scenario: taxonomy insert returned no row");
  const [business] = await db
    .insert(businesses)
    .values({
      slug: `business-${unique}`,
      name: `Studio ${unique}`,
      businessTypeId: type.id,
      currencyCode: "EUR",
      description: "A test studio.",
      settings: options.settings ?? {},
    })
    .returning();
  if (!business) throw new Error("scenario: business insert returned no row");
  const [location] = await db
    .insert(locations)
    .values({
      businessId: business.id,
      slug: `location-${unique}`,
      name: `Studio ${unique}`,
      address: "1 Test Street",
      cityId: city.id,
      latitude: 42.7,
      longitude: 23.3,
      timeZone,
      phone: "+359 2 000 0000",
      description: "A test location.",
    })
    .returning();
  if (!location) throw new Error("scenario: location insert returned no row");
  await db
    .insert(workingHours)
    .values(WEEK.map((weekday) => ({ locationId: location.id, weekday, opensAt: opens, closesAt: closes })));
  const [category] = await db
    .insert(serviceCategories)
    .values({ businessId: business.id, name: "Care", slug: "care", position: 1 })
    .returning();
  if (!category) throw new Error("scenario: category insert returned no row");
  const [service] = await db
    .insert(services)
    .values({
      businessId: business.id,
      serviceCategoryId: category.id,
      marketplaceServiceId: await anyMarketplaceService(db, names),
      name: "Massage",
      description: "A test service.",
      position: 1,
      bufferAfterMinutes: options.bufferAfterMinutes ?? 0,
    })
    .returning();
  if (!service) throw new Error("scenario: service insert returned no row");
  const [price] = await db
    .insert(servicePrices)
    .values({
      serviceId: service.id,
      priceMinor: options.priceMinor ?? 5000,
      currencyCode: "EUR",
      durationMinutes: options.durationMinutes ?? 60,
    })
    .returning();
  if (!price) throw new Error("scenario: price insert returned no row");

  const employeeIds: number[] = [];
  for (let index = 0; index < (options.employees ?? 1); index++) {
    const [employee] = await db
      .insert(employees)
      .values({
        businessId: business.id,
        locationId: location.id,
        firstName: `Employee${index + 1}`,
        lastName: unique,
        title: "Therapist",
      })
      .returning();
    if (!employee) throw new Error("scenario: employee insert returned no row");
    employeeIds.push(employee.id);
    await db.insert(serviceEmployees).values({ serviceId: service.id, employeeId: employee.id });
    await db
      .insert(employeeShifts)
      .values(WEEK.map((weekday) => ({ employeeId: employee.id, weekday, startsAt: opens, endsAt: closes })));
    if (options.breakFrom && options.breakTo) {
      const [startsAt, endsAt] = [options.breakFrom, options.breakTo];
      await db
        .insert(employeeBreaks)
        .values(WEEK.map((weekday) => ({ employeeId: employee.id, weekday, startsAt, endsAt })));
    }
  }

  const resourceIds: number[] = [];
  if (options.resources) {
    const { kind, units, needed } = options.resources;
    for (let unit = 1; unit <= units; unit++) {
      const [row] = await db
        .insert(resources)
        .values({ locationId: location.id, name: `${kind} ${unit}`, kind })
        .returning();
      if (row) resourceIds.push(row.id);
    }
    await db.insert(serviceResourceNeeds).values({ serviceId: service.id, resourceKind: kind, quantity: needed });
  }
  return {
    businessId: business.id,
    locationId: location.id,
    serviceId: service.id,
    servicePriceId: price.id,
    employeeIds,
    resourceIds,
    timeZone,
  };
}

async function anyMarketplaceService(db: Database, names: typeof cities.$inferInsert.names): Promise<number> {
  const [row] = await db
    .insert(marketplaceServices)
    .values({ slug: `massage-${randomUUID().slice(0, 8)}`, category: "body", names })
    .returning({ id: marketplaceServices.id });
  if (!row) throw new Error("scenario: marketplace service insert returned no row");
  return row.id;
}
