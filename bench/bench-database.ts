import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

// The databases the bench sections seed and measure: PGlite in a DATA_DIR, or a database on a PostgreSQL server.

/**
 * `npm run db:seed -- <args>` into the database `env` names (DATA_DIR, or DATABASE_URL); the CLI loads nothing
 * into a database that already has a catalogue.
 */
export function seedDatabase(env: Record<string, string>, args: string[]): void {
  execFileSync(process.execPath, ["packages/db/src/cli/seed.ts", ...args], {
    env: { ...process.env, ...env },
    stdio: "inherit",
  });
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Runs `work` on the server's maintenance database with the name of `url`'s database; undefined when no server answers. */
async function onServer<T>(url: string, work: (admin: pg.Client, name: string) => Promise<T>): Promise<T | undefined> {
  const parsed = new URL(url);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(parsed), { pathname: "/postgres" }).href });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  try {
    return await work(admin, decodeURIComponent(parsed.pathname.slice(1)));
  } finally {
    await admin.end();
  }
}

/**
 * The environment of a server on the PostgreSQL database at `url`: created when missing, or with `fresh` dropped
 * and created again so the run starts empty. Undefined when no PostgreSQL server answers.
 */
export async function postgresEnv(
  url: string,
  options: { fresh?: boolean } = {},
): Promise<Record<string, string> | undefined> {
  const ready = await onServer(url, async (admin, name) => {
    if (options.fresh) await admin.query(`drop database if exists ${quoted(name)} with (force)`);
    const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (exists.rowCount === 0) await admin.query(`create database ${quoted(name)}`);
    return true;
  });
  // The bench measures the demo catalogue: a server on PostgreSQL loads it only when asked (docs/operations.md).
  return ready ? { DATABASE_URL: url, DEMO_DATA: "true" } : undefined;
}

/** Drops the database at `url` (a run's own, created `fresh`). */
export async function dropPostgresDatabase(url: string): Promise<void> {
  await onServer(url, (admin, name) => admin.query(`drop database if exists ${quoted(name)} with (force)`));
}

/** Where one engine's run goes: a name for its figures, the server's environment, a DATA_DIR, its database URL. */
export interface BenchEngine {
  engine: "PGlite" | "PostgreSQL";
  env: Record<string, string>;
  dataDir: string;
  databaseUrl?: string;
}

/**
 * Runs `bench` on a fresh PGlite in a temporary directory, then on a fresh database at `postgresUrl` (dropped
 * afterwards) when a PostgreSQL server answers; says so when none does.
 */
export async function onEachEngine(
  postgresUrl: string,
  bench: (engine: BenchEngine) => Promise<void>,
  withoutPostgres: string,
): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), "termin-bench-"));
  try {
    const pgliteDir = join(root, "pglite");
    await bench({ engine: "PGlite", env: { DATA_DIR: pgliteDir, DATABASE_URL: "" }, dataDir: pgliteDir });
    const postgres = await postgresEnv(postgresUrl, { fresh: true });
    if (!postgres) {
      console.log(withoutPostgres);
      return;
    }
    try {
      await bench({ engine: "PostgreSQL", env: postgres, dataDir: join(root, "postgres"), databaseUrl: postgresUrl });
    } finally {
      await dropPostgresDatabase(postgresUrl);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
