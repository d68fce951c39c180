import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, smallint, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { clients } from "./account-schema.ts";
import { appointmentClients } from "./booking-schema.ts";
import { businesses, currencies, services } from "./catalogue-schema.ts";
import { paymentPolicyCheck, paymentPolicyColumns } from "./payment-policy.ts";

const id = () => integer("id").primaryKey().generatedByDefaultAsIdentity();
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** A membership a business sells: a price for a period, with services and classes included (membership_services). */
export const memberships = pgTable(
  "memberships",
  {
    id: id(),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id),
    name: text("name").notNull(),
    description: text("description").notNull(),
    priceMinor: integer("price_minor").notNull(),
    currencyCode: text("currency_code")
      .notNull()
      .references(() => currencies.code),
    /** How long it lasts once started: 1 (a month), 3, 12 (a year). */
    periodMonths: smallint("period_months").notNull(),
    /** When the period starts: on purchase (paid), or on the first booking it covers. */
    startsOn: text("starts_on", { enum: ["purchase", "first_use"] })
      .notNull()
      .default("purchase"),
    position: smallint("position").notNull().default(0),
    active: boolean("active").notNull().default(true),
    ...paymentPolicyColumns(),
  },
  (table) => [
    index().on(table.businessId),
    check("memberships_price_not_negative", sql`${table.priceMinor} >= 0`),
    check("memberships_period_positive", sql`${table.periodMonths} > 0`),
    paymentPolicyCheck("memberships", table),
  ],
);

/** A service or class a membership covers: `count` visits in the period, or null for unlimited. */
export const membershipServices = pgTable(
  "membership_services",
  {
    id: id(),
    membershipId: integer("membership_id")
      .notNull()
      .references(() => memberships.id, { onDelete: "cascade" }),
    serviceId: integer("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    count: smallint("count"),
  },
  (table) => [
    unique().on(table.membershipId, table.serviceId),
    index().on(table.serviceId),
    check("membership_services_count_positive", sql`${table.count} is null or ${table.count} > 0`),
  ],
);

/** A membership a client bought, with what they paid; active between startsAt and endsAt once paid. */
export const membershipInstances = pgTable(
  "membership_instances",
  {
    id: id(),
    membershipId: integer("membership_id")
      .notNull()
      .references(() => memberships.id),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pendingPayment", "active", "cancelled"] })
      .notNull()
      .default("pendingPayment"),
    priceMinor: integer("price_minor").notNull(),
    currencyCode: text("currency_code")
      .notNull()
      .references(() => currencies.code),
    /** Null until it starts (paid, or first used when it starts on first use). */
    startsAt: instant("starts_at"),
    endsAt: instant("ends_at"),
    createdAt: instant("created_at").notNull().defaultNow(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (table) => [index().on(table.clientId, table.createdAt)],
);

/**
 * What a client's membership still covers per service: `creditsLeft` visits (null: unlimited). The check keeps it
 * at zero or above, so concurrent bookings spending the last credit cannot all succeed.
 */
export const membershipInstanceServices = pgTable(
  "membership_instance_services",
  {
    id: id(),
    membershipInstanceId: integer("membership_instance_id")
      .notNull()
      .references(() => membershipInstances.id, { onDelete: "cascade" }),
    serviceId: integer("service_id")
      .notNull()
      .references(() => services.id),
    creditsTotal: smallint("credits_total"),
    creditsLeft: smallint("credits_left"),
  },
  (table) => [
    unique().on(table.membershipInstanceId, table.serviceId),
    check(
      "membership_instance_services_credits_within_total",
      sql`(${table.creditsTotal} is null) = (${table.creditsLeft} is null) and ${table.creditsLeft} >= 0 and ${table.creditsLeft} <= ${table.creditsTotal}`,
    ),
  ],
);

/** The ledger of a membership's use: credits spent by a booking (positive) and returned by its cancellation (negative). */
export const membershipCreditUses = pgTable(
  "membership_credit_uses",
  {
    id: id(),
    membershipInstanceServiceId: integer("membership_instance_service_id")
      .notNull()
      .references(() => membershipInstanceServices.id, { onDelete: "cascade" }),
    appointmentClientId: integer("appointment_client_id")
      .notNull()
      .references(() => appointmentClients.id, { onDelete: "cascade" }),
    credits: smallint("credits").notNull(),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (table) => [index().on(table.membershipInstanceServiceId), index().on(table.appointmentClientId)],
);
