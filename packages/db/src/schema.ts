import { integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import type { ContentBlock } from "@termin/contracts/resources";

export const appointmentStatuses = pgTable("appointment_statuses", {
  // Fixed ids (see @termin/domain/appointment-statuses): never generated.
  id: integer("id").primaryKey(),
  name: text("name").notNull().unique(),
  orderIndex: integer("order_index").notNull(),
});

/** How a client's place was paid (at the venue, online, by a membership's credit): fixed ids like the statuses. */
export const paymentMethods = pgTable("payment_methods", {
  // Fixed ids (see @termin/domain/payment-methods): never generated.
  id: integer("id").primaryKey(),
  name: text("name").notNull().unique(),
});

export const contentPages = pgTable("content_pages", {
  id: text("id").primaryKey(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const contentPageTranslations = pgTable(
  "content_page_translations",
  {
    pageId: text("page_id")
      .notNull()
      .references(() => contentPages.id, { onDelete: "cascade" }),
    language: text("language").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    blocks: jsonb("blocks").$type<ContentBlock[]>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.pageId, table.language] })],
);
