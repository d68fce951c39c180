import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { clients } from "./account-schema.ts";
import { currencies, employees, locations, resources, reviews, servicePrices, services } from "./catalogue-schema.ts";
import { classSchedules } from "./class-schedule-schema.ts";
import { appointmentStatuses, paymentMethods } from "./schema.ts";

/** A PostgreSQL `tstzrange`, read and written as its text form `[2026-12-01 10:00:00+00,2026-12-01 11:00:00+00)`. */
export const tstzrange = customType<{ data: string }>({ dataType: () => "tstzrange" });

const id = () => integer("id").primaryKey().generatedByDefaultAsIdentity();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** What a service needs besides an employee: `quantity` free resources of a kind ("room", "chair") at its location. */
export const serviceResourceNeeds = pgTable(
  "service_resource_needs",
  {
    serviceId: integer("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    resourceKind: text("resource_kind").notNull(),
    quantity: smallint("quantity").notNull().default(1),
  },
  (table) => [primaryKey({ columns: [table.serviceId, table.resourceKind] })],
);

/** An employee's weekly working hours: several rows a day make split shifts. Local time of the location. */
export const employeeShifts = pgTable(
  "employee_shifts",
  {
    id: id(),
    employeeId: integer("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    /** ISO weekday: 1 Monday ... 7 Sunday. */
    weekday: smallint("weekday").notNull(),
    startsAt: time("starts_at").notNull(),
    endsAt: time("ends_at").notNull(),
  },
  (table) => [index().on(table.employeeId)],
);

/** An employee's weekly breaks (lunch): taken out of the shifts of that weekday. */
export const employeeBreaks = pgTable(
  "employee_breaks",
  {
    id: id(),
    employeeId: integer("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    weekday: smallint("weekday").notNull(),
    startsAt: time("starts_at").notNull(),
    endsAt: time("ends_at").notNull(),
  },
  (table) => [index().on(table.employeeId)],
);

/**
 * Hours of one date that replace the weekly ones: for the location (employee_id null: a holiday, shorter hours)
 * or for one employee (a swapped day). The rows of a date are its intervals; one row without times closes it.
 */
export const scheduleExceptions = pgTable(
  "schedule_exceptions",
  {
    id: id(),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    employeeId: integer("employee_id").references(() => employees.id, { onDelete: "cascade" }),
    date: date("date").notNull(),
    startsAt: time("starts_at"),
    endsAt: time("ends_at"),
  },
  (table) => [index().on(table.locationId, table.date)],
);

/** Time an employee is away (vacation, sick leave), as instants: it may span days and DST changes. */
export const employeeTimeOff = pgTable(
  "employee_time_off",
  {
    id: id(),
    employeeId: integer("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    startsAt: instant("starts_at").notNull(),
    endsAt: instant("ends_at").notNull(),
    reason: text("reason"),
  },
  (table) => [index().on(table.employeeId, table.startsAt)],
);

/** One visit at a location: one or more services, back to back or not. */
export const appointments = pgTable(
  "appointments",
  {
    id: id(),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id),
    /** From the first service's start to the last one's end. */
    startsAt: instant("starts_at").notNull(),
    endsAt: instant("ends_at").notNull(),
    /** Raised on every change a calendar must see (RFC 5545 SEQUENCE): reschedule, cancellation. */
    sequence: integer("sequence").notNull().default(0),
    /** A class session: the schedule and the local date of the occurrence it was made from (made once each). */
    classScheduleId: integer("class_schedule_id").references(() => classSchedules.id, { onDelete: "set null" }),
    occurrenceDate: date("occurrence_date"),
    /** Seats of a class session; null for an appointment of one client. */
    capacity: smallint("capacity"),
    /**
     * Seats taken by clients who did not cancel and by live or unswept holds, kept by triggers (migration 0014) on
     * appointment_clients and booking_holds: the check below is what keeps a session from being overbooked,
     * whatever the requests racing.
     */
    seatsTaken: smallint("seats_taken").notNull().default(0),
    /** A session the business called off (a schedule exception): no longer bookable, its clients told. */
    cancelledAt: instant("cancelled_at"),
    createdAt: createdAt(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (table) => [
    index().on(table.locationId, table.startsAt),
    uniqueIndex("appointments_one_per_occurrence").on(table.classScheduleId, table.occurrenceDate),
    check(
      "appointments_seats_within_capacity",
      sql`${table.capacity} is null or ${table.seatsTaken} <= ${table.capacity}`,
    ),
    check("appointments_seats_not_negative", sql`${table.seatsTaken} >= 0`),
  ],
);

/** A service of an appointment, with the price and duration it was booked at. */
export const appointmentServices = pgTable(
  "appointment_services",
  {
    id: id(),
    appointmentId: integer("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    servicePriceId: integer("service_price_id")
      .notNull()
      .references(() => servicePrices.id),
    position: smallint("position").notNull(),
    startsAt: instant("starts_at").notNull(),
    endsAt: instant("ends_at").notNull(),
    priceMinor: integer("price_minor").notNull(),
    currencyCode: text("currency_code")
      .notNull()
      .references(() => currencies.code),
  },
  (table) => [index().on(table.appointmentId)],
);

/** Who performs a service of an appointment. */
export const appointmentServiceEmployees = pgTable(
  "appointment_service_employees",
  {
    id: id(),
    appointmentServiceId: integer("appointment_service_id")
      .notNull()
      .references(() => appointmentServices.id, { onDelete: "cascade" }),
    employeeId: integer("employee_id")
      .notNull()
      .references(() => employees.id),
  },
  (table) => [index().on(table.appointmentServiceId), index().on(table.employeeId)],
);

/** A client's place in an appointment: their status, note, total and seats (classes seat many clients). */
export const appointmentClients = pgTable(
  "appointment_clients",
  {
    id: id(),
    appointmentId: integer("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    statusId: integer("status_id")
      .notNull()
      .references(() => appointmentStatuses.id),
    clientNote: text("client_note"),
    /** In the currency's minor units: the sum of the services' prices times the seats. */
    totalMinor: integer("total_minor").notNull(),
    currencyCode: text("currency_code")
      .notNull()
      .references(() => currencies.code),
    seatsCount: smallint("seats_count").notNull().default(1),
    /** How it is paid: at the venue, online (a payment link), or by a membership's credits (membership_credit_uses). */
    paymentMethodId: integer("payment_method_id")
      .notNull()
      .default(1)
      .references(() => paymentMethods.id),
    reviewId: integer("review_id").references(() => reviews.id, { onDelete: "set null" }),
    /** Unguessable key of the calendar file's URL, which works without sign-in (calendar apps subscribe to it). */
    calendarToken: text("calendar_token").notNull().unique(),
    /**
     * The origin of the business's own domain it was booked on (`https://salon.example`), which its e-mails and
     * calendar file link back to; null when booked on the marketplace, the private app or an embed (PUBLIC_URL).
     */
    siteOrigin: text("site_origin"),
    createdAt: createdAt(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (table) => [
    index().on(table.clientId, table.createdAt),
    index().on(table.appointmentId),
    check("appointment_clients_seats_positive", sql`${table.seatsCount} > 0`),
  ],
);

/** A time in a client's basket, held for them for a few minutes. */
export const bookingHolds = pgTable(
  "booking_holds",
  {
    id: id(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    servicePriceId: integer("service_price_id")
      .notNull()
      .references(() => servicePrices.id, { onDelete: "cascade" }),
    employeeId: integer("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    startsAt: instant("starts_at").notNull(),
    endsAt: instant("ends_at").notNull(),
    expiresAt: instant("expires_at").notNull(),
    /** Seats held in a class session (the session's claims already hold its instructor and room). */
    appointmentId: integer("appointment_id").references(() => appointments.id, { onDelete: "cascade" }),
    seatsCount: smallint("seats_count").notNull().default(1),
    createdAt: createdAt(),
  },
  (table) => [
    index().on(table.clientId),
    index().on(table.expiresAt),
    index().on(table.appointmentId),
    check("booking_holds_seats_positive", sql`${table.seatsCount} > 0`),
  ],
);

/**
 * The time an employee or a resource is taken, by an appointment's service or by a hold, including the service's
 * buffers. The exclusion constraints of migration 0008 make two live claims on one employee or resource that
 * overlap impossible, whatever the requests racing: this table is where "no double booking" is enforced.
 * Cancelling sets `live` false in the transaction that changes the status; a hold's claims go with the hold, and
 * an expired hold's claims are deleted by the next booking transaction that meets them.
 */
export const bookingClaims = pgTable(
  "booking_claims",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    employeeId: integer("employee_id").references(() => employees.id, { onDelete: "cascade" }),
    resourceId: integer("resource_id").references(() => resources.id, { onDelete: "cascade" }),
    during: tstzrange("during").notNull(),
    appointmentServiceId: integer("appointment_service_id").references(() => appointmentServices.id, {
      onDelete: "cascade",
    }),
    holdId: integer("hold_id").references(() => bookingHolds.id, { onDelete: "cascade" }),
    /** A hold's expiry, copied here so free-time queries need no join; null for appointments. */
    expiresAt: instant("expires_at"),
    live: boolean("live").notNull().default(true),
  },
  (table) => [
    check("booking_claims_one_owner", sql`num_nonnulls(${table.appointmentServiceId}, ${table.holdId}) = 1`),
    check("booking_claims_one_subject", sql`num_nonnulls(${table.employeeId}, ${table.resourceId}) = 1`),
    check("booking_claims_not_empty", sql`not isempty(${table.during})`),
    index().on(table.appointmentServiceId),
    index().on(table.holdId),
  ],
);

/**
 * The time a client is taken, by their place in an appointment or by a hold: one row per service, its own time
 * without the buffers (those are the employee's and the room's). The exclusion constraint of migration 0012 makes
 * two live claims of one client that overlap impossible: one person is in one place at a time, whatever the
 * requests racing, at one location or several. A cancelled place's claims stop being live with its status; a hold's
 * go with the hold, and a client's expired holds are deleted by their next booking transaction.
 */
export const clientClaims = pgTable(
  "client_claims",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    during: tstzrange("during").notNull(),
    appointmentClientId: integer("appointment_client_id").references(() => appointmentClients.id, {
      onDelete: "cascade",
    }),
    holdId: integer("hold_id").references(() => bookingHolds.id, { onDelete: "cascade" }),
    /** A hold's expiry, copied here so the client's free time needs no join; null for appointments. */
    expiresAt: instant("expires_at"),
    live: boolean("live").notNull().default(true),
  },
  (table) => [
    check("client_claims_one_owner", sql`num_nonnulls(${table.appointmentClientId}, ${table.holdId}) = 1`),
    check("client_claims_not_empty", sql`not isempty(${table.during})`),
    index().on(table.appointmentClientId),
    index().on(table.holdId),
  ],
);

/** The first answer to a request sent with an Idempotency-Key, replayed for 24 hours to the same client. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** SHA-256 of the method, path and body: the same key with another request is refused. */
    requestHash: text("request_hash").notNull(),
    statusCode: smallint("status_code").notNull(),
    response: jsonb("response").notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.clientId, table.key] }), index().on(table.createdAt)],
);

/**
 * Durable jobs (appointment reminders): rows survive restarts; a worker claims due rows with
 * FOR UPDATE SKIP LOCKED, so several processes never run one job twice. `key` makes scheduling idempotent.
 */
export const scheduledJobs = pgTable(
  "scheduled_jobs",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    kind: text("kind").notNull(),
    key: text("key").notNull().unique(),
    runAt: instant("run_at").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    attempts: smallint("attempts").notNull().default(0),
    doneAt: instant("done_at"),
    lastError: text("last_error"),
  },
  (table) => [
    index("scheduled_jobs_due_index")
      .on(table.runAt)
      .where(sql`${table.doneAt} is null`),
  ],
);

/**
 * The version of a location's claims (decision 0045): set from location_claim_versions_seq as a transaction that
 * changed claims of the location's employees or resources commits (triggers of migration 0014: statement triggers on
 * booking_claims note the locations in location_claim_changes, a deferred trigger there sets the version).
 * Free times kept in memory are keyed by it, so any write that changes them, in any process, makes them stale.
 */
export const locationClaimVersionsSeq = pgSequence("location_claim_versions_seq");

export const locationClaimVersions = pgTable("location_claim_versions", {
  locationId: integer("location_id")
    .primaryKey()
    .references(() => locations.id, { onDelete: "cascade" }),
  version: bigint("version", { mode: "number" }).notNull(),
});

/** The locations whose claims a transaction changed, until it commits (migration 0014's triggers; decision 0045). */
export const locationClaimChanges = pgTable(
  "location_claim_changes",
  {
    transactionId: bigint("transaction_id", { mode: "number" }).notNull(),
    locationId: integer("location_id").notNull(),
  },
  (table) => [primaryKey({ columns: [table.transactionId, table.locationId] })],
);
