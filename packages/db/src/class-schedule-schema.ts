import { date, index, integer, pgTable, text, time, timestamp, unique } from "drizzle-orm/pg-core";
import { employees, locations, resources, servicePrices } from "./catalogue-schema.ts";

const id = () => integer("id").primaryKey().generatedByDefaultAsIdentity();

/**
 * When a class runs: a weekly recurrence (an RFC 5545 RRULE such as `FREQ=WEEKLY;BYDAY=MO,WE`) starting at a local
 * time of the location, taught by one instructor in one room. Its occurrences become sessions (appointments with
 * a capacity) ahead of the booking horizon, each claiming the instructor and the room like any booking.
 */
export const classSchedules = pgTable(
  "class_schedules",
  {
    id: id(),
    servicePriceId: integer("service_price_id")
      .notNull()
      .references(() => servicePrices.id, { onDelete: "cascade" }),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    employeeId: integer("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    resourceId: integer("resource_id").references(() => resources.id, { onDelete: "set null" }),
    rrule: text("rrule").notNull(),
    /** Local time of the location each session starts at. */
    startsAt: time("starts_at").notNull(),
    /** Local dates the recurrence runs between (validUntil null: until changed). */
    validFrom: date("valid_from").notNull(),
    validUntil: date("valid_until"),
  },
  (table) => [index().on(table.locationId)],
);

/** One occurrence of a schedule called off (movedTo null) or moved to another instant (movedTo). */
export const classScheduleExceptions = pgTable(
  "class_schedule_exceptions",
  {
    id: id(),
    classScheduleId: integer("class_schedule_id")
      .notNull()
      .references(() => classSchedules.id, { onDelete: "cascade" }),
    /** The local date the occurrence would have had. */
    occurrenceDate: date("occurrence_date").notNull(),
    movedTo: timestamp("moved_to", { withTimezone: true, mode: "date" }),
  },
  (table) => [unique().on(table.classScheduleId, table.occurrenceDate)],
);
