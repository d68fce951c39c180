import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema.ts";

/** The one query interface the rest of the code sees, whichever engine is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  engine: "pglite" | "postgres";
  /** Applies pending SQL migrations from packages/db/migrations. */
  migrate(): Promise<void>;
  /** A round trip to the database, for health checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL server; when absent, the embedded PGlite engine is used. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; `undefined` keeps everything in memory (tests). */
  dataDir?: string | undefined;
  /** Connection pool size for PostgreSQL. */
  poolSize?: number;
}

const migrationsFolder = new URL("../migrations", import.meta.url).pathname;

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  let directory: string | undefined;
  if (dataDir) {
    directory = join(dataDir, "pglite");
    mkdirSync(directory, { recursive: true });
  }
  const client = await PGlite.create(directory ? { dataDir: directory } : {});
  const db = drizzlePglite({ client, schema });
  return {
    db,
    engine: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
  };
}

function openPostgres(databaseUrl: string, poolSize: number): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  const db = drizzlePostgres({ client: pool, schema });
  return {
    db,
    engine: "postgres",
    migrate: () => migratePostgres(db, { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize ?? 10) : openPglite(options.dataDir);
}
