import { index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { clients, oauthClients, tokenFamilies } from "./account-schema.ts";

/**
 * Authorization codes of the OAuth code flow (decision 0036), stored as SHA-256 like every token. Spent once
 * (`used_at`, set by a conditional update); the sign-in it became is kept so a replayed code can revoke it.
 */
export const oauthAuthorizationCodes = pgTable(
  "oauth_authorization_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    oauthClientId: text("oauth_client_id")
      .notNull()
      .references(() => oauthClients.id, { onDelete: "cascade" }),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    /** As sent to the authorize request: the token request must send the same. */
    redirectUri: text("redirect_uri").notNull(),
    /** BASE64URL(SHA-256(code_verifier)); S256 is the only method accepted. */
    codeChallenge: text("code_challenge").notNull(),
    scope: text("scope").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    familyId: uuid("family_id").references(() => tokenFamilies.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.expiresAt)],
);

/** A client's consent to an OAuth client's scopes: a later authorize request within them skips the consent page. */
export const oauthConsents = pgTable(
  "oauth_consents",
  {
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    oauthClientId: text("oauth_client_id")
      .notNull()
      .references(() => oauthClients.id, { onDelete: "cascade" }),
    /** Space-separated scopes consented to so far. */
    scope: text("scope").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.clientId, table.oauthClientId] })],
);
