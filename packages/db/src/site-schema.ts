import { index, integer, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { businesses } from "./catalogue-schema.ts";

const id = () => integer("id").primaryKey().generatedByDefaultAsIdentity();

/**
 * Host names a business serves its own booking on (decision 0046). A host is served only once verified: its owner
 * published `termin-verification=<token>` as a DNS TXT record of `_termin.<host>`, checked from the job schedule.
 * Hosts are kept lower-case, without a port, and belong to one business.
 */
export const domains = pgTable(
  "domains",
  {
    id: id(),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    host: text("host").notNull().unique(),
    verificationToken: text("verification_token").notNull(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    /** When the TXT record was last looked up (verified or not): the job checks the longest unchecked first. */
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.businessId)],
);

/**
 * Origins whose pages may embed a business's booking (frame-ancestors, CORS, the origin check of writes), kept
 * with its domains: `https://salon.example`, or a port wildcard for local sites (`http://localhost:*`).
 */
export const embedOrigins = pgTable(
  "embed_origins",
  {
    id: id(),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    origin: text("origin").notNull(),
  },
  (table) => [unique().on(table.businessId, table.origin)],
);
