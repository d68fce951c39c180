import { randomBytes } from "node:crypto";
import pg from "pg";
import type { OpenDatabaseOptions } from "../database.ts";

/** The server integration tests use; trust auth on the machines here. Override with TEST_POSTGRES_URL. */
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export interface TestDatabase {
  options: OpenDatabaseOptions;
  engine: "pglite" | "postgres";
  /** Removes the database the test run created. */
  drop(): Promise<void>;
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await client.connect();
  } catch (error) {
    // Never a silent skip: the PostgreSQL project exists to prove the server path works.
    throw new Error(
      `Integration tests on PostgreSQL need a server at ${ADMIN_URL} (set TEST_POSTGRES_URL): ${String(error)}`,
      { cause: error },
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty database for one test file, on the engine named by TEST_DATABASE:
 * an in-memory PGlite, or a new database on the PostgreSQL server (dropped afterwards).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DATABASE !== "postgres") {
    return { engine: "pglite", options: {}, drop: async () => {} };
  }
  const name = `termin_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  await withAdmin((client) => client.query(`create database ${name}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    engine: "postgres",
    options: { databaseUrl: url.toString(), poolSize: 4 },
    drop: () =>
      withAdmin((client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}
