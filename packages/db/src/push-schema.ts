import { sql } from "drizzle-orm";
import { check, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { clients } from "./account-schema.ts";

/** Who delivers a subscription's pushes: Firebase Cloud Messaging (a registration token) or Web Push (RFC 8030). */
export type PushProvider = "fcm" | "webpush";
/** The platforms a device said it runs on (POST /auth/user-token). */
export type PushPlatform = "web" | "ios" | "android";

/**
 * A device's push registration (decision 0050): one row per token, which belongs to the client who registered it
 * last (a shared device signed in by someone else moves to them). `token` is the FCM registration token, or the
 * Web Push subscription as canonical JSON `{"endpoint","keys":{"p256dh","auth"}}`.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    provider: text("provider").$type<PushProvider>().notNull(),
    token: text("token").notNull(),
    platforms: text("platforms").array().$type<PushPlatform[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The last registration of the token (clients register again every 7 days, spec section 9). */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex().on(table.token),
    index().on(table.clientId),
    check("push_subscriptions_provider", sql`${table.provider} in ('fcm', 'webpush')`),
  ],
);

/**
 * The server's VAPID key pair when the environment gives none (decision 0050): made once by whichever process
 * starts first (`insert ... on conflict do nothing`, then read), so every process on the database signs with the
 * same key and subscriptions survive restarts. One row, id 1.
 */
export const vapidKeys = pgTable(
  "vapid_keys",
  {
    id: smallint("id").primaryKey(),
    publicKey: text("public_key").notNull(),
    privateKey: text("private_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("vapid_keys_one_row", sql`${table.id} = 1`)],
);
