import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { FormField, FormAnswerValues } from "@termin/contracts/form-fields";
import type { NotificationFacts, NotificationKind } from "@termin/domain/notification-facts";
import { businesses, locations, media } from "./catalogue-schema.ts";

/** Raw bytes (PostgreSQL bytea), read and written as Node Buffers. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/**
 * A client's account (spec section 3, `clients`). Ids are random UUIDs: they appear in URLs and must not
 * reveal how many clients there are or let anyone guess a neighbour's id.
 */
export const clients = pgTable(
  "clients",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stored lower-cased and trimmed; unique among accounts not deleted. */
    email: text("email").notNull(),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** argon2id (PHC string); null for accounts made through social login only. */
    passwordHash: text("password_hash"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    /** National number, digits only; shown with '+' and the phone country's code. */
    phone: text("phone"),
    /** ISO 3166-1 alpha-2 code of the phone number's country. */
    phoneCountry: text("phone_country"),
    gender: text("gender", { enum: ["female", "male", "other"] }),
    birthdate: date("birthdate"),
    address: text("address"),
    city: text("city"),
    /** ISO 3166-1 alpha-2. */
    country: text("country"),
    /** One of the 11 supported languages: the UI and e-mail language. */
    language: text("language").notNull(),
    avatarId: uuid("avatar_id"),
    acceptMarketingNotifications: boolean("accept_marketing_notifications").notNull().default(false),
    acceptOnlineAppointments: boolean("accept_online_appointments").notNull().default(true),
    /** The business's marks on a client: readable by the client, never written by them. */
    active: boolean("active").notNull().default(true),
    favorite: boolean("favorite").notNull().default(false),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    // A deleted account frees its e-mail address for a new sign-up.
    uniqueIndex("clients_live_email_unique")
      .on(table.email)
      .where(sql`${table.deletedAt} is null`),
  ],
);

export const clientAvatars = pgTable("client_avatars", {
  id: uuid("id").primaryKey().defaultRandom(),
  clientId: uuid("client_id")
    .notNull()
    .references(() => clients.id, { onDelete: "cascade" }),
  /** Normalised on upload (square WebP); resized per request by the image endpoint. */
  image: bytea("image").notNull(),
  createdAt: createdAt(),
});

/** A client's sign-in through a social provider (OpenID Connect subject). */
export const socialIdentities = pgTable(
  "social_identities",
  {
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.subject] }), index().on(table.clientId)],
);

/**
 * Apps registered to sign clients in with the OAuth authorization code flow (decision 0036): partners' apps, the
 * widget and the native app. Managed with `npm run oauth-clients`. The web app itself is not one of them: its
 * sign-ins (password grant, social login) have no OAuth client.
 */
export const oauthClients = pgTable("oauth_clients", {
  /** The public `client_id`, chosen when registering (e.g. `demo-partner`). */
  id: text("id").primaryKey(),
  /** Shown on the consent page: "<name> asks to ...". */
  name: text("name").notNull(),
  /** Public clients (browser and native apps) hold no secret; confidential ones (servers) do. */
  type: text("type", { enum: ["public", "confidential"] }).notNull(),
  /** argon2id (PHC string) of a confidential client's secret; null for public clients. */
  secretHash: text("secret_hash"),
  /** Exact URIs; a loopback one (http://127.0.0.1, [::1], localhost) matches any port (RFC 8252 section 7.3). */
  redirectUris: text("redirect_uris").array().notNull(),
  /** Our own apps (widget, native app): no consent page. */
  firstParty: boolean("first_party").notNull().default(false),
  /** The scopes this client may ask for. */
  scopes: text("scopes").array().notNull(),
  createdAt: createdAt(),
});

/**
 * One sign-in: its refresh tokens rotate within the family; reuse of a spent one revokes the whole family.
 * Access tokens belong to a family too, so revoking a family signs that device out at once.
 */
export const tokenFamilies = pgTable(
  "token_families",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    /** The OAuth client the sign-in was given to; null for the web app's own sign-ins. Removing the client ends them. */
    oauthClientId: text("oauth_client_id").references(() => oauthClients.id, { onDelete: "cascade" }),
    /** Space-separated scopes granted (decision 0036); null for the web app's own sign-ins, which may do everything. */
    scope: text("scope"),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index().on(table.clientId)],
);

/** Tokens are stored only as SHA-256 hashes: a leaked table signs nobody in. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => tokenFamilies.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index().on(table.familyId)],
);

export const accessTokens = pgTable(
  "access_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => tokenFamilies.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index().on(table.familyId), index().on(table.expiresAt)],
);

/** E-mailed one-time links: verify an address, reset a password. Stored hashed, spent once. */
export const oneTimeTokens = pgTable(
  "one_time_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["verify_email", "reset_password"] }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index().on(table.clientId, table.purpose)],
);

/**
 * Events counted by rate limits (sign-in attempts per IP, failures per account). Kept in the database so
 * every server process shares the counts; old rows are pruned by the limiter.
 */
export const rateLimitEvents = pgTable(
  "rate_limit_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    bucket: text("bucket").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.bucket, table.at)],
);

/** A form a business asks its clients to fill in (intake, consent, health questionnaire). */
export const forms = pgTable("forms", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  businessId: integer("business_id")
    .notNull()
    .references(() => businesses.id),
  name: text("name").notNull(),
  /** How the business delivers it: before the first visit, before every visit, or once on request. */
  deliveryType: text("delivery_type", { enum: ["before_first_visit", "before_each_visit", "on_request"] }).notNull(),
  fields: jsonb("fields").$type<FormField[]>().notNull(),
  createdAt: createdAt(),
});

/** A form sent to one client; answered once (answers can be viewed, not changed). */
export const formRequests = pgTable(
  "form_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    formId: integer("form_id")
      .notNull()
      .references(() => forms.id),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.clientId, table.sentAt)],
);

export const formAnswers = pgTable("form_answers", {
  id: uuid("id").primaryKey().defaultRandom(),
  formRequestId: uuid("form_request_id")
    .notNull()
    .unique()
    .references(() => formRequests.id, { onDelete: "cascade" }),
  clientId: uuid("client_id")
    .notNull()
    .references(() => clients.id, { onDelete: "cascade" }),
  values: jsonb("values").$type<FormAnswerValues>().notNull(),
  submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
});

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    /** As written when sent, in the account's language: shown as they are only when there is no kind. */
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** What it is about; with `facts`, its words are written when shown, in the reader's language. */
    kind: text("kind").$type<NotificationKind>(),
    facts: jsonb("facts").$type<NotificationFacts>(),
    /** A path inside the app (spec: push payload data.action_url); opened when the notification is. */
    actionUrl: text("action_url"),
    /** The business it is about (a booking's, a form's); null for the product's own (welcome, the Look Book). */
    businessId: integer("business_id").references(() => businesses.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index().on(table.clientId, table.createdAt.desc())],
);

/** Locations a client saved (My locations). */
export const userLocations = pgTable(
  "user_locations",
  {
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.clientId, table.locationId] })],
);

/** A client's like of a Look Book picture; media.like_count is kept in step by the writer of likes. */
export const likes = pgTable(
  "likes",
  {
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    mediaId: integer("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.clientId, table.mediaId] }), index().on(table.mediaId)],
);
