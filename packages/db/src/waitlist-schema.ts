import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { clients } from "./account-schema.ts";
import { appointments, bookingHolds } from "./booking-schema.ts";

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * A client waiting for seats in a full class session, first come first served. When seats free up the first in
 * line is offered them: a hold of the seats for 30 minutes (holdId), then the offer passes to the next.
 */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    appointmentId: integer("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    seatsCount: smallint("seats_count").notNull().default(1),
    status: text("status", { enum: ["waiting", "offered", "booked", "left", "expired"] })
      .notNull()
      .default("waiting"),
    holdId: integer("hold_id").references(() => bookingHolds.id, { onDelete: "set null" }),
    offerExpiresAt: instant("offer_expires_at"),
    createdAt: instant("created_at").notNull().defaultNow(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (table) => [
    // One place in line per client and session while they wait or hold an offer.
    uniqueIndex("waitlist_entries_one_live_per_client")
      .on(table.appointmentId, table.clientId)
      .where(sql`${table.status} in ('waiting', 'offered')`),
    index().on(table.appointmentId, table.createdAt),
    index().on(table.clientId),
    check("waitlist_entries_seats_positive", sql`${table.seatsCount} > 0`),
  ],
);
