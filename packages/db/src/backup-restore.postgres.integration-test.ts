import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "./database.ts";
import { rawRows } from "./raw-rows.ts";
import { createTestDatabase } from "./testing/test-database.ts";

// The backup and restore docs/operations.md gives, run as written: pg_dump's custom format into a file, pg_restore
// into an empty database, and the copy is whole and ready to serve.

const original = await createTestDatabase({ template: "demo" });
const copy = await createTestDatabase();
const directory = mkdtempSync(join(tmpdir(), "termin-backup-"));
const handles: DatabaseHandle[] = [];
afterAll(async () => {
  await Promise.all(handles.map((handle) => handle.close()));
  await Promise.all([original.drop(), copy.drop()]);
  rmSync(directory, { recursive: true, force: true });
});

/** Every table of the schema with its row count, and every constraint by name: what a restore must bring back. */
async function inventory(handle: DatabaseHandle) {
  const tables = await rawRows<{ name: string }>(
    handle.db,
    sql`select schemaname || '.' || tablename as name from pg_tables
        where schemaname in ('public', 'drizzle') order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await rawRows<{ count: number }>(handle.db, sql.raw(`select count(*)::int as count from ${name}`));
    counts[name] = row?.count ?? -1;
  }
  const constraints = await rawRows<{ name: string }>(
    handle.db,
    sql`select conname as name from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where n.nspname = 'public' order by 1`,
  );
  return { counts, constraints: constraints.map((each) => each.name) };
}

it("restores a pg_dump of a live database into an empty one, whole: every row, constraint and migration", async () => {
  const from = original.options.databaseUrl ?? "";
  const to = copy.options.databaseUrl ?? "";
  const file = join(directory, "termin.dump");
  execFileSync("pg_dump", ["--format=custom", "--no-owner", `--file=${file}`, from]);
  execFileSync("pg_restore", ["--no-owner", "--exit-on-error", `--dbname=${to}`, file]);

  const [source, restored] = await Promise.all([
    openDatabase({ databaseUrl: from }),
    openDatabase({ databaseUrl: to }),
  ]);
  handles.push(source, restored);
  const before = await inventory(source);
  expect(before.counts["public.locations"]).toBe(60);
  expect(await inventory(restored)).toEqual(before);
  expect(await restored.pendingMigrations()).toBe(0);
  // The rule that no two visits of one professional overlap came back with it (an exclusion constraint).
  expect(before.constraints.some((name) => name.includes("no_overlap"))).toBe(true);
});
