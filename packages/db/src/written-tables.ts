import { AsyncLocalStorage } from "node:async_hooks";

/** A write statement's kind and its table, as read from the SQL sent. */
export interface Write {
  operation: "insert" | "update" | "delete";
  table: string;
}

// `update` after `for` (row locks) or `do` (an upsert's own update, whose table the insert names) is not a write.
const WRITES = /(?<![a-z_])(insert\s+into|(?<!(?:for|do)\s+)update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/gi;

/** The writes one SQL statement makes (a CTE may make several); none for a read. */
export function writesOf(statement: string): Write[] {
  return [...statement.matchAll(WRITES)].map(([, verb = "", table = ""]) => ({
    operation: verb.toLowerCase().startsWith("insert")
      ? "insert"
      : verb.toLowerCase().startsWith("delete")
        ? "delete"
        : "update",
    table: table.toLowerCase(),
  }));
}

const scope = new AsyncLocalStorage<Write[]>();

/**
 * Runs `work` noting every write statement sent on its behalf (the database's query log feeds `noteStatement`):
 * what a request wrote, table by table, whatever code path wrote it.
 */
export function recordWrites<T>(writes: Write[], work: () => T): T {
  return scope.run(writes, work);
}

/** Called with every statement sent: notes its writes for the work running (recordWrites), if any. */
export function noteStatement(statement: string): void {
  const writes = scope.getStore();
  if (writes) writes.push(...writesOf(statement));
}
