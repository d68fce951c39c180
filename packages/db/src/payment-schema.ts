import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { clients } from "./account-schema.ts";
import { appointmentClients } from "./booking-schema.ts";
import { currencies } from "./catalogue-schema.ts";
import { membershipInstances } from "./membership-schema.ts";

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * What a client owes online for a booking (a deposit or the whole price) or a membership, written with it. Its
 * public `url` is a page of ours (by `token`) that creates the provider's checkout session when opened, so no
 * provider call runs inside a booking's transaction. Unpaid at `releaseAt`, the booking or membership is released.
 */
export const paymentLinks = pgTable(
  "payment_links",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    appointmentClientId: integer("appointment_client_id").references(() => appointmentClients.id, {
      onDelete: "cascade",
    }),
    membershipInstanceId: integer("membership_instance_id").references(() => membershipInstances.id, {
      onDelete: "cascade",
    }),
    amountMinor: integer("amount_minor").notNull(),
    currencyCode: text("currency_code")
      .notNull()
      .references(() => currencies.code),
    /** Unguessable key of the payment page's address. */
    token: text("token").notNull().unique(),
    /** Who took the money: "stripe", or "demo" (the demonstration provider); set when the page is first opened. */
    provider: text("provider"),
    /** The provider's checkout session, once the page was opened; its payment, once paid. */
    providerSessionId: text("provider_session_id").unique(),
    providerPaymentId: text("provider_payment_id"),
    releaseAt: instant("release_at").notNull(),
    paidAt: instant("paid_at"),
    /** Released unpaid (the booking's time or seats freed); a payment that still arrives is refunded. */
    releasedAt: instant("released_at"),
    refundedAt: instant("refunded_at"),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (table) => [
    index().on(table.appointmentClientId),
    index().on(table.membershipInstanceId),
    check(
      "payment_links_one_owner",
      sql`num_nonnulls(${table.appointmentClientId}, ${table.membershipInstanceId}) = 1`,
    ),
    check("payment_links_amount_positive", sql`${table.amountMinor} > 0`),
  ],
);

/** Provider events already handled: the same webhook delivered twice changes nothing the second time. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    receivedAt: instant("received_at").notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);
