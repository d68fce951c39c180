import { afterAll, expect, it } from "vitest";
import pg from "pg";
import { openDatabase } from "./database.ts";

// On the PostgreSQL server (the integration-postgres project alone): a pool of its own on the server.
const SERVER_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const APPLICATION = `termin-pool-test-${process.pid}`;

const url = new URL(SERVER_URL);
url.searchParams.set("application_name", APPLICATION);
const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
afterAll(() => database.close());

it("survives the server ending its idle connections, and the next query gets a new one", async () => {
  // Two connections opened and returned to the pool, idle.
  await Promise.all([database.ping(), database.ping()]);
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  try {
    const ended = await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1",
      [APPLICATION],
    );
    expect(ended.rowCount).toBeGreaterThan(0);
  } finally {
    await admin.end();
  }
  // The pool drops the ended clients (an unhandled 'error' event would have stopped this process).
  const answer = () =>
    database.ping().then(
      () => "answered",
      () => "failed",
    );
  await expect.poll(answer).toBe("answered");
});
