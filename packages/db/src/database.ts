import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import {
  pgliteNotifications,
  postgresNotifications,
  processAnnouncements,
  type NotificationChannel,
  type TopicListener,
} from "./change-channel.ts";
import { rawRows } from "./raw-rows.ts";
import { noteStatement } from "./written-tables.ts";

/** The one query interface the rest of the code sees, whichever engine is underneath. */
export type Database = PgDatabase<PgQueryResultHKT>;

export interface DatabaseHandle {
  db: Database;
  engine: "pglite" | "postgres";
  /** Applies pending SQL migrations from packages/db/migrations. */
  migrate(): Promise<void>;
  /** A round trip to the database, for health checks. */
  ping(): Promise<void>;
  /** How many of the migrations this code ships are not applied to the database yet (readiness: 0). */
  pendingMigrations(): Promise<number>;
  /**
   * Runs `work` while no other process runs its own `exclusively` on this database (PostgreSQL: a session advisory
   * lock on a connection of its own; PGlite has one process). Several servers starting at once on an empty
   * database would otherwise migrate and seed it twice.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Tells the other server processes on this database that this one changed data, so they forget what they keep
   * in memory (NOTIFY; on PGlite the one process ignores its own).
   */
  announceChange(): void;
  /** Calls `listener` when another process announced a change; returns what stops it. */
  onChangeElsewhere(listener: () => void): () => void;
  /**
   * Hears what transactions send on `topic` with `pg_notify` (migration triggers), in every process, when they
   * commit: PostgreSQL's LISTEN on one connection per process, PGlite's own in process. Returns what stops it.
   */
  listen(topic: string, listener: TopicListener): () => void;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball, which the `dump` option opens a copy of (test templates). */
  dumpDataDir?(): Promise<Blob>;
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL server; when absent, the embedded PGlite engine is used. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; `undefined` keeps everything in memory (tests). */
  dataDir?: string | undefined;
  /** PGlite: start from this `dumpDataDir()` tarball instead of an empty cluster (tests copy a prepared template). */
  dump?: Blob | undefined;
  /** Connection pool size for PostgreSQL. */
  poolSize?: number;
  /** Called with every SQL statement sent (tests count queries to catch N+1). */
  onQuery?: (query: string) => void;
  /** Where the connection's own troubles are told (the server's JSON log); the console otherwise. */
  log?: DatabaseLog | undefined;
}

/** Where the database layer says what it did (preparing) and what it recovers from by itself: a pino logger. */
export interface DatabaseLog {
  info(facts: object, message: string): void;
  warn(facts: object, message: string): void;
  /** Each retry while the database stays away (the first failure is a warning). */
  debug?(facts: object, message: string): void;
}

/** Without a server's logger (scripts, tests): warnings to the console, the rest unsaid. */
const consoleLog: DatabaseLog = {
  info: () => undefined,
  warn: (facts, message) => console.warn(message, facts),
};

/** Every statement is noted for what is kept in memory (written-tables.ts), and given to `onQuery` when asked. */
const queryLogger = (onQuery: OpenDatabaseOptions["onQuery"]) => ({
  logQuery: (query: string) => {
    noteStatement(query);
    onQuery?.(query);
  },
});

const migrationsFolder = new URL("../migrations", import.meta.url).pathname;

/** The migrations this code ships, as Drizzle's journal lists them. */
const shippedMigrations = (
  JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: unknown[] }
).entries.length;

/** Drizzle's migrators record each applied migration as a row of this table. */
async function pendingMigrations(db: Database): Promise<number> {
  const [applied] = await rawRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  return shippedMigrations - (applied?.count ?? 0);
}

async function openPglite({ dataDir, dump, onQuery, log = consoleLog }: OpenDatabaseOptions): Promise<DatabaseHandle> {
  let directory: string | undefined;
  if (dataDir) {
    directory = join(dataDir, "pglite");
    mkdirSync(directory, { recursive: true });
  }
  // The contrib extensions the migrations create (search, booking's exclusion constraints) must be loaded into
  // the WASM build.
  const extensions = { pg_trgm, unaccent, btree_gist };
  const client = await PGlite.create({
    extensions,
    ...(directory && { dataDir: directory }),
    ...(dump && { loadDataDir: dump }),
  });
  const db = drizzlePglite({ client, logger: queryLogger(onQuery) });
  const notifications = pgliteNotifications(client, log);
  return {
    db,
    engine: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await client.query("select 1");
    },
    pendingMigrations: () => pendingMigrations(db),
    exclusively: (work) => work(),
    ...announcementsAndTopics(notifications),
    close: async () => {
      await notifications.close();
      await client.close();
    },
    // Uncompressed: opening a 45 MB tarball takes a fraction of a second, gunzipping it seconds.
    dumpDataDir: () => client.dumpDataDir("none"),
  };
}

/** The handle's announcements and topics, the same on both engines. */
function announcementsAndTopics(
  notifications: NotificationChannel,
): Pick<DatabaseHandle, "announceChange" | "onChangeElsewhere" | "listen"> {
  const { announce, onChangeElsewhere } = processAnnouncements(notifications);
  return { announceChange: announce, onChangeElsewhere, listen: notifications.listen };
}

/** The advisory lock key of `exclusively` (any constant; "termin" in ASCII). */
const PREPARE_LOCK = 0x7465726d696e;

/**
 * How long a query waits for a connection before it fails: a database that does not answer (down, a network
 * partition) costs a request this long, not a hang, and the API answers 503 (database-errors.ts).
 */
export const CONNECT_TIMEOUT_MS = 1_500;
/**
 * No statement runs longer: a stuck lock or a runaway query frees its connection. Generous, since migrations and
 * the demo seed share the pool; requests take milliseconds.
 */
export const STATEMENT_TIMEOUT_MS = 15_000;

function openPostgres(
  databaseUrl: string,
  { poolSize, onQuery, log = consoleLog }: OpenDatabaseOptions,
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolSize ?? 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    // Notices a peer that vanished without closing (a failover, a dropped route) on idle connections too.
    keepAlive: true,
  });
  // The server may end an idle connection (restart, failover, a dropped database): the pool discards that
  // client and opens another when needed. Unhandled, the 'error' event would stop the whole process.
  pool.on("error", (error) =>
    log.warn({ reason: error.message }, "PostgreSQL ended an idle connection; it will be replaced"),
  );
  const db = drizzlePostgres({ client: pool, logger: queryLogger(onQuery) });
  const notifications = postgresNotifications(databaseUrl, pool, log);
  return {
    db,
    engine: "postgres",
    migrate: () => migratePostgres(db, { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    pendingMigrations: () => pendingMigrations(db),
    exclusively: async (work) => {
      const session = await pool.connect();
      try {
        await session.query("select pg_advisory_lock($1)", [PREPARE_LOCK]);
        return await work();
      } finally {
        await session.query("select pg_advisory_unlock($1)", [PREPARE_LOCK]).finally(() => session.release());
      }
    },
    ...announcementsAndTopics(notifications),
    close: async () => {
      await notifications.close();
      await pool.end();
    },
  };
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPglite(options);
}
