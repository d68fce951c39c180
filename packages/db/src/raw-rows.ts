import type { SQL } from "drizzle-orm";
import type { Database } from "./database.ts";

/**
 * The rows of a hand-written SQL statement, typed as the caller expects them. Both drivers (PGlite and node-postgres)
 * answer `{ rows }`; Drizzle's shared database type leaves the result unknown, so the shape is named once here.
 */
export async function rawRows<Row>(db: Pick<Database, "execute">, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as { rows: Row[] };
  return result.rows;
}
