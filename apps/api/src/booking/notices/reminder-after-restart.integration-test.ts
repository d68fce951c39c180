import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, isNull, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, type AppConfig } from "@termin/config/env";
import { notifications } from "@termin/db/account-schema";
import { scheduledJobs } from "@termin/db/booking-schema";
import type { DatabaseHandle } from "@termin/db/database";
import { prepareDatabase } from "@termin/db/prepare-database";
import { createTestDatabase, type TestDatabase } from "@termin/db/testing/test-database";
import { startJobWorker } from "../../jobs/job-worker.ts";
import { createMailer } from "../../mail/mailer.ts";
import { createTestClient } from "../../testing/test-clients.ts";
import { createBookingScenario } from "../testing/booking-scenario.ts";
import { readOutbox, recordingLog } from "../testing/notice-test-helpers.ts";
import { createTestAppointment } from "../testing/test-appointment.ts";
import { scheduleAppointmentJobs } from "./appointment-jobs.ts";
import { bookingJobHandlers } from "./booking-job-handlers.ts";

const HOUR = 3_600_000;

let testDatabase: TestDatabase;
let dataDir: string;
let config: AppConfig;

beforeAll(async () => {
  testDatabase = await createTestDatabase({ template: "plain" });
  dataDir = await mkdtemp(join(tmpdir(), "termin-restart-"));
  config = loadConfig({
    LOG_LEVEL: "silent",
    APP_VERSION: "9.9.9",
    APP_BUILD: "test",
    DATA_DIR: dataDir,
    PUBLIC_URL: "https://termin.test",
  });
});
afterAll(async () => {
  await testDatabase?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * A server process's start: the database as `npm start` opens it. PGlite keeps its files in DATA_DIR/pglite (the
 * first start loads the test template into it); PostgreSQL is the same test database every time.
 */
function startProcess(first: boolean): Promise<DatabaseHandle> {
  if (testDatabase.engine === "postgres") return prepareDatabase(testDatabase.options);
  return prepareDatabase({ dataDir, ...(first ? { dump: testDatabase.options.dump } : {}) });
}

/** Runs the process's job worker until no job of `keyPrefix` is left pending (and a few polls more), then stops it. */
async function runWorkerUntilIdle(database: DatabaseHandle, keyPrefix: string): Promise<void> {
  const log = { ...recordingLog() };
  const worker = startJobWorker({
    database,
    handlers: bookingJobHandlers({ db: database.db, mailer: createMailer(config, log), config, log }),
    log,
    pollMs: 20,
  });
  try {
    const pending = () =>
      database.db.$count(scheduledJobs, and(like(scheduledJobs.key, `${keyPrefix}%`), isNull(scheduledJobs.doneAt)));
    const deadline = Date.now() + 20_000;
    // The completion job stays pending (the appointment has not ended): only the two reminders are waited for.
    while ((await pending()) > 1) {
      if (Date.now() > deadline) throw new Error("the reminder jobs did not run");
      await sleep(20);
    }
    await sleep(100);
  } finally {
    await worker.stop();
  }
  expect(log.lines.filter((line) => line.level === "error")).toEqual([]);
}

describe("a reminder that fell due while no server ran", () => {
  it("is sent once after a restart, in the app and by mail, and not again after the next restart", async () => {
    // The first process: a booking made three days ago scheduled the reminder, which fell due 21 hours ago; the
    // server was stopped before then.
    let database = await startProcess(true);
    const { clientId, appointmentClientId } = await (async () => {
      try {
        const scenario = await createBookingScenario(database.db);
        const client = await createTestClient(database.db, { language: "de", firstName: "Jana" });
        const appointment = await createTestAppointment(database.db, {
          scenario,
          clientId: client.id,
          services: [{ name: "Massage", startsAt: new Date(Date.now() + 3 * HOUR), minutes: 60 }],
        });
        await database.db.transaction((tx) =>
          scheduleAppointmentJobs(tx, { ...appointment, now: Date.now() - 3 * 24 * HOUR }),
        );
        return { clientId: client.id, appointmentClientId: appointment.appointmentClientId };
      } finally {
        await database.close();
      }
    })();
    const keyPrefix = `appointment-client:${appointmentClientId}:`;

    // The restart: a new process on the same database starts its worker.
    database = await startProcess(false);
    try {
      await runWorkerUntilIdle(database, keyPrefix);
      const sent = await database.db.select().from(notifications).where(eq(notifications.clientId, clientId));
      expect(sent.map((row) => row.title)).toEqual(["Terminerinnerung"]);
    } finally {
      await database.close();
    }
    const mails = await readOutbox(dataDir);
    expect(mails.map((mail) => [mail.subject, mail.text.split("\n")[0]])).toEqual([
      ["Terminerinnerung", "Hallo Jana,"],
    ]);

    // Another restart finds nothing left to send.
    database = await startProcess(false);
    try {
      await runWorkerUntilIdle(database, keyPrefix);
      expect(await database.db.$count(notifications, eq(notifications.clientId, clientId))).toBe(1);
    } finally {
      await database.close();
    }
    expect(await readOutbox(dataDir)).toHaveLength(1);
  });
});
