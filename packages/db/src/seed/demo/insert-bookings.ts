import { randomBytes } from "node:crypto";
import type { PgTable } from "drizzle-orm/pg-core";
import { clients } from "../../account-schema.ts";
import * as booking from "../../booking-schema.ts";
import type { Database } from "../../database.ts";
import type { AppointmentRowSet } from "./appointment-rows.ts";
import type { DemoBookings } from "./generate-bookings.ts";
import { insertRows } from "./insert-rows.ts";

/** Insert order follows the foreign keys: clients and schedules, then appointments and what hangs on them. */
const TABLES: Array<[keyof DemoBookings, PgTable]> = [
  ["clients", clients],
  ["scheduleExceptions", booking.scheduleExceptions],
  ["employeeTimeOff", booking.employeeTimeOff],
  ["appointments", booking.appointments],
  ["appointmentServices", booking.appointmentServices],
  ["appointmentServiceEmployees", booking.appointmentServiceEmployees],
  ["appointmentClients", booking.appointmentClients],
  ["bookingClaims", booking.bookingClaims],
  ["clientClaims", booking.clientClaims],
];

/**
 * Writes generated bookings in one transaction (the exclusion constraints check every claim) and moves the id
 * sequences past them. Each client's place gets its calendar token here, from the system's random source: the token
 * opens the calendar file without signing in, so it is never derived from the demo's seed.
 */
export async function insertBookings(db: Database, data: Partial<DemoBookings> & AppointmentRowSet): Promise<void> {
  const withTokens = {
    ...data,
    appointmentClients: data.appointmentClients.map((row) => ({
      ...row,
      calendarToken: randomBytes(32).toString("base64url"),
    })),
  };
  await db.transaction(async (tx) => {
    for (const [key, table] of TABLES) await insertRows(tx, table, withTokens[key] ?? []);
  });
}
