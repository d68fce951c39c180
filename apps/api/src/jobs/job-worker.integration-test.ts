import { setTimeout as sleep } from "node:timers/promises";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scheduledJobs } from "@termin/db/booking-schema";
import { openDatabase, type DatabaseHandle } from "@termin/db/database";
import { prepareDatabase } from "@termin/db/prepare-database";
import { createTestDatabase, type TestDatabase } from "@termin/db/testing/test-database";
import {
  JobInterrupted,
  runDueJobs,
  startJobWorker,
  type ClaimedJob,
  type JobHandler,
  type JobWorkerOptions,
} from "./job-worker.ts";
import { cancelJob, scheduleJob } from "./scheduled-jobs.ts";

let testDatabase: TestDatabase;
let database: DatabaseHandle;

beforeAll(async () => {
  testDatabase = await createTestDatabase({ template: "plain" });
  database = await prepareDatabase(testDatabase.options);
});
afterAll(async () => {
  await database?.close();
  await testDatabase?.drop();
});

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const HOUR = 3_600_000;
let run = 0;
/** Keys unique to one test, so tests never see each other's jobs. */
const keyPrefix = () => `test-${++run}-${Date.now()}`;

const rowOf = async (key: string) => {
  const [row] = await database.db.select().from(scheduledJobs).where(eq(scheduledJobs.key, key));
  return row;
};

async function until(condition: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await sleep(20);
  }
}

const options = (handlers: Record<string, JobHandler>, extra: Partial<JobWorkerOptions> = {}): JobWorkerOptions => ({
  database,
  handlers,
  log: quiet,
  pollMs: 20,
  ...extra,
});

describe("scheduleJob and cancelJob", () => {
  it("keeps one row per key and moves a job not tried yet to its new time", async () => {
    const key = `${keyPrefix()}-moves`;
    const first = new Date(Date.now() + HOUR);
    const second = new Date(Date.now() + 2 * HOUR);
    await scheduleJob(database.db, { kind: "test.moves", key, runAt: first, payload: { n: 1 } });
    await scheduleJob(database.db, { kind: "test.moves", key, runAt: first, payload: { n: 1 } });
    expect(await database.db.$count(scheduledJobs, eq(scheduledJobs.key, key))).toBe(1);
    await scheduleJob(database.db, { kind: "test.moves", key, runAt: second, payload: { n: 1 } });
    expect(await rowOf(key)).toMatchObject({ runAt: second, payload: { n: 1 }, doneAt: null, attempts: 0 });
  });

  it("never runs a finished job again for the same payload; another payload re-arms it", async () => {
    const key = `${keyPrefix()}-once`;
    const runAt = new Date(Date.now() - HOUR);
    const ran: unknown[] = [];
    const handlers = { "test.once": async (job: ClaimedJob) => void ran.push(job.payload) };
    await scheduleJob(database.db, { kind: "test.once", key, runAt, payload: { startsAt: "10:00" } });
    await runDueJobs(options(handlers));
    expect(ran).toEqual([{ startsAt: "10:00" }]);

    // Scheduled again as it was (a repeated call, at its time or another): it stays done and does not run again.
    for (const again of [runAt, new Date(Date.now() - HOUR / 2)]) {
      await scheduleJob(database.db, { kind: "test.once", key, runAt: again, payload: { startsAt: "10:00" } });
      await runDueJobs(options(handlers));
    }
    expect(ran).toHaveLength(1);
    expect((await rowOf(key))?.doneAt).not.toBeNull();

    // Another payload (the appointment moved): pending again at the new time, attempts and error cleared.
    const later = new Date(Date.now() - HOUR / 4);
    await scheduleJob(database.db, { kind: "test.once", key, runAt: later, payload: { startsAt: "11:00" } });
    expect(await rowOf(key)).toMatchObject({ runAt: later, doneAt: null, attempts: 0, lastError: null });
    await runDueJobs(options(handlers));
    expect(ran).toEqual([{ startsAt: "10:00" }, { startsAt: "11:00" }]);
  });

  it("cancels a pending job and leaves a finished one as the record that it ran", async () => {
    const prefix = keyPrefix();
    const ran: string[] = [];
    const handlers = { "test.cancel": async (job: ClaimedJob) => void ran.push(job.key) };
    const past = new Date(Date.now() - HOUR);
    await scheduleJob(database.db, { kind: "test.cancel", key: `${prefix}-done`, runAt: past, payload: {} });
    await runDueJobs(options(handlers));
    await scheduleJob(database.db, { kind: "test.cancel", key: `${prefix}-pending`, runAt: past, payload: {} });
    await cancelJob(database.db, `${prefix}-pending`);
    await cancelJob(database.db, `${prefix}-done`);
    await runDueJobs(options(handlers));
    expect(ran).toEqual([`${prefix}-done`]);
    expect(await rowOf(`${prefix}-pending`)).toBeUndefined();
    expect((await rowOf(`${prefix}-done`))?.doneAt).not.toBeNull();
  });
});

describe("runDueJobs", () => {
  it("runs only due jobs of kinds it has a handler for", async () => {
    const prefix = keyPrefix();
    const ran: string[] = [];
    const handlers = { "test.due": async (job: ClaimedJob) => void ran.push(job.key) };
    await scheduleJob(database.db, { kind: "test.due", key: `${prefix}-due`, runAt: new Date(), payload: {} });
    await scheduleJob(database.db, {
      kind: "test.due",
      key: `${prefix}-later`,
      runAt: new Date(Date.now() + HOUR),
      payload: {},
    });
    await scheduleJob(database.db, { kind: "test.other", key: `${prefix}-other`, runAt: new Date(), payload: {} });
    await runDueJobs(options(handlers));
    expect(ran).toEqual([`${prefix}-due`]);
    expect(await rowOf(`${prefix}-later`)).toMatchObject({ doneAt: null, attempts: 0 });
    expect(await rowOf(`${prefix}-other`)).toMatchObject({ doneAt: null, attempts: 0 });
  });

  it("records a failure and retries later with backoff, then gives up after the last attempt", async () => {
    const key = `${keyPrefix()}-flaky`;
    let calls = 0;
    const handlers = {
      "test.flaky": async (job: ClaimedJob) => {
        calls++;
        expect(job.payload).toEqual({ to: "someone" });
        throw new Error(`mail server down (${job.attempt})`);
      },
    };
    await scheduleJob(database.db, { kind: "test.flaky", key, runAt: new Date(), payload: { to: "someone" } });
    const before = Date.now();
    await runDueJobs(options(handlers, { maxAttempts: 3 }));
    const failed = await rowOf(key);
    expect(failed).toMatchObject({ attempts: 1, doneAt: null, lastError: "mail server down (1)" });
    // First retry after 30 s: not due again within this pass.
    expect(failed?.runAt.getTime()).toBeGreaterThanOrEqual(before + 29_000);
    expect(failed?.runAt.getTime()).toBeLessThan(Date.now() + 31_000);
    expect(calls).toBe(1);

    for (const attempt of [2, 3]) {
      await database.db
        .update(scheduledJobs)
        .set({ runAt: sql`now()` })
        .where(eq(scheduledJobs.key, key));
      await runDueJobs(options(handlers, { maxAttempts: 3 }));
      expect(calls).toBe(attempt);
    }
    const givenUp = await rowOf(key);
    expect(givenUp?.doneAt).not.toBeNull();
    expect(givenUp).toMatchObject({ attempts: 3, lastError: "Given up after 3 attempts: mail server down (3)" });
    await database.db
      .update(scheduledJobs)
      .set({ runAt: sql`now()` })
      .where(eq(scheduledJobs.key, key));
    await runDueJobs(options(handlers, { maxAttempts: 3 }));
    expect(calls).toBe(3);
  });

  it("clears the error when a retry succeeds", async () => {
    const key = `${keyPrefix()}-second-time`;
    const handlers = {
      "test.second": async (job: ClaimedJob) => {
        if (job.attempt === 1) throw new Error("not yet");
      },
    };
    await scheduleJob(database.db, { kind: "test.second", key, runAt: new Date(), payload: {} });
    await runDueJobs(options(handlers));
    expect(await rowOf(key)).toMatchObject({ lastError: "not yet", doneAt: null });
    await database.db
      .update(scheduledJobs)
      .set({ runAt: sql`now()` })
      .where(eq(scheduledJobs.key, key));
    await runDueJobs(options(handlers));
    const row = await rowOf(key);
    expect(row).toMatchObject({ attempts: 2, lastError: null });
    expect(row?.doneAt).not.toBeNull();
  });

  it("leaves a job a shutdown stopped due again at once, its attempt not counted", async () => {
    const key = `${keyPrefix()}-stopped`;
    let stopping = false;
    const steps: number[] = [];
    const handlers = {
      "test.long": async (_job: ClaimedJob, control: { stopping: () => boolean }) => {
        for (let step = 1; step <= 3; step++) {
          if (control.stopping()) throw new JobInterrupted();
          steps.push(step);
          stopping = step === 2;
        }
      },
    };
    await scheduleJob(database.db, { kind: "test.long", key, runAt: new Date(), payload: {} });
    await runDueJobs({ ...options(handlers), shouldStop: () => stopping });
    expect(steps).toEqual([1, 2]);
    const stopped = await rowOf(key);
    expect(stopped).toMatchObject({ attempts: 0, lastError: null, doneAt: null });
    expect(stopped?.runAt.getTime()).toBeLessThanOrEqual(Date.now());
    stopping = false;
    await runDueJobs({ ...options({ "test.long": async () => void steps.push(0) }), shouldStop: () => false });
    expect(await rowOf(key)).toMatchObject({ attempts: 1, lastError: null });
  });

  it("keeps a job that was re-scheduled while it ran pending for its new time", async () => {
    const key = `${keyPrefix()}-moved`;
    const newTime = new Date(Date.now() + HOUR);
    const handlers = {
      "test.moved": async () => {
        await scheduleJob(database.db, { kind: "test.moved", key, runAt: newTime, payload: { moved: true } });
      },
    };
    await scheduleJob(database.db, { kind: "test.moved", key, runAt: new Date(), payload: {} });
    await runDueJobs(options(handlers));
    expect(await rowOf(key)).toMatchObject({ runAt: newTime, doneAt: null, payload: { moved: true } });
  });
});

describe("startJobWorker", () => {
  it("runs each due job exactly once while two workers poll at the same time", async () => {
    const prefix = keyPrefix();
    const keys = Array.from({ length: 40 }, (_, index) => `${prefix}-${index}`);
    for (const key of keys) {
      await scheduleJob(database.db, { kind: "test.race", key, runAt: new Date(Date.now() - 1000), payload: {} });
    }
    // On PostgreSQL two handles are two connection pools, like two server processes on one database. PGlite is one
    // process with one connection: both workers share it.
    const second = testDatabase.engine === "postgres" ? await openDatabase(testDatabase.options) : database;
    const runs: Array<{ worker: string; key: string }> = [];
    const handlerOf =
      (worker: string): JobHandler =>
      async (job) => {
        runs.push({ worker, key: job.key });
        // Long enough that both workers are busy at once.
        await sleep(5);
      };
    const workers = [
      startJobWorker(options({ "test.race": handlerOf("a") }, { batchSize: 2 })),
      startJobWorker({ ...options({ "test.race": handlerOf("b") }, { batchSize: 2 }), database: second }),
    ];
    try {
      await until(
        async () =>
          (await database.db.$count(
            scheduledJobs,
            sql`${scheduledJobs.key} like ${`${prefix}-%`} and ${scheduledJobs.doneAt} is null`,
          )) === 0,
      );
      // A few more polls each, to give a duplicate every chance to appear.
      await sleep(100);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      if (second !== database) await second.close();
    }
    expect(runs.map((each) => each.key).sort()).toEqual([...keys].sort());
  });

  it("runs a job due now as soon as its transaction commits, in any process, without waiting for the poll", async () => {
    const prefix = keyPrefix();
    const ran: string[] = [];
    const handlers = { "test.now": async (job: ClaimedJob) => void ran.push(job.key) };
    // A poll a minute apart: only the wake-up can run the job within the wait below.
    const worker = startJobWorker(options(handlers, { pollMs: 60_000 }));
    // On PostgreSQL the job is written through another pool, as another server process would.
    const writer = testDatabase.engine === "postgres" ? await openDatabase(testDatabase.options) : database;
    try {
      await until(async () => worker.alive());
      for (const key of [`${prefix}-first`, `${prefix}-second`]) {
        await writer.db.transaction(async (tx) => {
          await scheduleJob(tx, { kind: "test.now", key, runAt: new Date(), payload: {} });
        });
        await until(async () => ran.includes(key), 10_000);
      }
    } finally {
      await worker.stop();
      if (writer !== database) await writer.close();
    }
    expect(ran).toEqual([`${prefix}-first`, `${prefix}-second`]);
  });

  it("stops polling on stop(), waits for the job that is running, and no longer says it is alive", async () => {
    const prefix = keyPrefix();
    let finished = false;
    const handlers = {
      "test.slow": async () => {
        await sleep(200);
        finished = true;
      },
    };
    await scheduleJob(database.db, { kind: "test.slow", key: `${prefix}-slow`, runAt: new Date(), payload: {} });
    const worker = startJobWorker(options(handlers));
    await until(async () => (await rowOf(`${prefix}-slow`))?.attempts === 1);
    expect(worker.alive()).toBe(true);
    await worker.stop();
    expect(worker.alive()).toBe(false);
    expect(finished).toBe(true);
    expect((await rowOf(`${prefix}-slow`))?.doneAt).not.toBeNull();

    await scheduleJob(database.db, { kind: "test.slow", key: `${prefix}-after`, runAt: new Date(), payload: {} });
    await sleep(100);
    expect(await rowOf(`${prefix}-after`)).toMatchObject({ attempts: 0, doneAt: null });
  });
});
