import { getTableColumns, getTableName, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../../database.ts";

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters for the widest table. */
const BATCH = 1000;

/**
 * Inserts generated rows in batches and moves the table's identity sequence past the largest id, so rows the app
 * adds later get fresh ids.
 */
export async function insertRows<T extends PgTable>(
  db: Pick<Database, "insert" | "execute">,
  table: T,
  rows: ReadonlyArray<T["$inferInsert"]>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    await db.insert(table).values(rows.slice(start, start + BATCH));
  }
  // Identity ids only (a client's id is a UUID drawn at sign-up).
  if (getTableColumns(table).id?.generatedIdentity && rows.length > 0) {
    const name = getTableName(table);
    await db.execute(
      sql`select setval(pg_get_serial_sequence(${name}, 'id'), (select max(id) from ${sql.identifier(name)}))`,
    );
  }
}
