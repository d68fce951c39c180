import { and, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import {
  businesses,
  employees,
  serviceCategories,
  serviceEmployees,
  servicePrices,
  services,
} from "@termin/db/catalogue-schema";
import type { Database } from "@termin/db/database";
import { relatedIds, totalOverAll } from "../read-only-resource.ts";

const PRICES = "prices";

/** The lowest price of a service, as selected by `selectServices` (for sorting by price). */
export const priceMinorFrom = sql`${sql.identifier(PRICES)}.${sql.identifier("price_minor_from")}`;

/**
 * Services with what a menu shows beside them, in one query: the price and duration ranges over their
 * prices, the ids of their prices and of the employees actively offering them, and their category's position.
 * `atLocations` (a list filtered by location) narrows the employees to those working at one of them: a service of a
 * business with several places is performed at this one by these people.
 */
export function selectServices(db: Database, atLocations?: readonly number[]) {
  const prices = db
    .select({
      currency: sql<string | null>`min(${servicePrices.currencyCode})`.as("currency"),
      priceMinorFrom: sql<number | null>`min(${servicePrices.priceMinor})`.as("price_minor_from"),
      priceMinorTo: sql<number | null>`max(${servicePrices.priceMinor})`.as("price_minor_to"),
      durationMinutesFrom: sql<number | null>`min(${servicePrices.durationMinutes})`.as("duration_minutes_from"),
      durationMinutesTo: sql<number | null>`max(${servicePrices.durationMinutes})`.as("duration_minutes_to"),
      priceIds: sql<number[]>`coalesce(json_agg(${servicePrices.id} order by ${servicePrices.id}), '[]')`.as(
        "price_ids",
      ),
    })
    .from(servicePrices)
    .where(eq(servicePrices.serviceId, services.id))
    .as(PRICES);
  return db
    .select({
      ...getTableColumns(services),
      categoryPosition: serviceCategories.position,
      currency: sql<string>`coalesce(${prices.currency}, ${businesses.currencyCode})`,
      priceMinorFrom: prices.priceMinorFrom,
      priceMinorTo: prices.priceMinorTo,
      durationMinutesFrom: prices.durationMinutesFrom,
      durationMinutesTo: prices.durationMinutesTo,
      priceIds: prices.priceIds,
      employeeIds: relatedIds(
        db,
        serviceEmployees.employeeId,
        and(
          eq(serviceEmployees.serviceId, services.id),
          eq(serviceEmployees.active, true),
          atLocations
            ? inArray(
                serviceEmployees.employeeId,
                db
                  .select({ id: employees.id })
                  .from(employees)
                  .where(inArray(employees.locationId, [...atLocations])),
              )
            : undefined,
        ),
      ),
      total: totalOverAll(),
    })
    .from(services)
    .innerJoin(serviceCategories, eq(serviceCategories.id, services.serviceCategoryId))
    .innerJoin(businesses, eq(businesses.id, services.businessId))
    .leftJoinLateral(prices, sql`true`)
    .$dynamic();
}

export type ServiceRow = Awaited<ReturnType<typeof selectServices>>[number];
