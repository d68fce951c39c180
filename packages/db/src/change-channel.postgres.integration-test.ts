import { afterAll, beforeAll, expect, it } from "vitest";
import pg from "pg";
import { postgresNotifications, processAnnouncements } from "./change-channel.ts";

// On the PostgreSQL server (the integration-postgres project alone): NOTIFY and LISTEN are PostgreSQL's alone.
const SERVER_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const NAME = `termin_changes_${process.pid}_${Date.now()}`;
const url = new URL(SERVER_URL);
url.pathname = `/${NAME}`;

const admin = new pg.Client({ connectionString: SERVER_URL });
beforeAll(async () => {
  await admin.connect();
  await admin.query(`create database ${NAME}`);
});
afterAll(async () => {
  await admin.query(`drop database if exists ${NAME} with (force)`);
  await admin.end();
});

it("hears the other processes again once the database takes connections after refusing them, forgets what it missed, and never ends the process", async () => {
  const warnings: string[] = [];
  const retries: string[] = [];
  const log = {
    info: () => undefined,
    warn: (_facts: object, message: string) => void warnings.push(message),
    debug: (_facts: object, message: string) => void retries.push(message),
  };
  const pools = [new pg.Pool({ connectionString: url.toString() }), new pg.Pool({ connectionString: url.toString() })];
  // An idle connection the server ends is an 'error' on the pool: the database's own pool handles it (database.ts).
  for (const pool of pools) pool.on("error", () => undefined);
  const [listening, announcing] = pools.map((pool) => postgresNotifications(url.toString(), pool, log));
  if (!listening || !announcing) throw new Error("two channels");
  let heard = 0;
  processAnnouncements(listening).onChangeElsewhere(() => heard++);
  const { announce } = processAnnouncements(announcing);
  const heardAnnouncement = () => {
    announce();
    return heard;
  };
  try {
    await expect.poll(heardAnnouncement).toBeGreaterThan(0);

    // The database goes away: it refuses new connections and ends every one it has.
    await admin.query(`alter database ${NAME} allow_connections false`);
    await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [NAME]);
    // The line is lost, and reopening it is refused more than once (an unhandled refusal would end the process):
    // one warning, then a debug line a second for as long as the database stays away.
    await expect.poll(() => retries.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    expect(warnings.filter((message) => message.startsWith("could not listen"))).toHaveLength(1);

    heard = 0;
    await admin.query(`alter database ${NAME} allow_connections true`);
    // Back on the line, the listener is told at once: whatever was announced meanwhile went unheard.
    await expect.poll(() => heard, { timeout: 10_000 }).toBeGreaterThan(0);
    heard = 0;
    await expect.poll(heardAnnouncement).toBeGreaterThan(0);
  } finally {
    await Promise.all([listening.close(), announcing.close()]);
    await Promise.all(pools.map((pool) => pool.end()));
  }
});
