import type { FastifyPluginAsync } from "fastify";
import type { ApiDependencies } from "./api-dependencies.ts";
import { bookingJobHandlers } from "./booking/notices/booking-job-handlers.ts";
import { waitlistJobHandlers } from "./booking/waitlist/waitlist-job-handlers.ts";
import { classSessionJobHandlers, scheduleClassSessionJobs } from "./classes/class-session-jobs.ts";
import { systemClock } from "./http/clock.ts";
import { startJobWorker } from "./jobs/job-worker.ts";
import { createMailer } from "./mail/mailer.ts";
import { paymentJobHandlers } from "./payments/payment-job-handlers.ts";
import { paymentProvidersOf } from "./payments/payment-providers.ts";
import { pushJobHandlers } from "./push/push-jobs.ts";
import { domainJobHandlers, scheduleDomainChecks } from "./sites/domain-jobs.ts";
import { dnsTxtLookup } from "./sites/domain-registry.ts";

/** Notices of changes are queued here and should go out within seconds; a poll costs one indexed query when nothing is due. */
const POLL_MS = 2_000;

/**
 * The durable job worker (scheduled_jobs: reminders, completions) of a server process: started once the server
 * listens, stopped when it closes. Registered as a child plugin, its onClose runs before the root's, which closes
 * the database. Every server process runs one; the table's row claims keep each job to one of them.
 */
export const backgroundJobs: FastifyPluginAsync<ApiDependencies> = async (
  app,
  { database, config, jobs = {}, clock = systemClock },
) => {
  const mailer = createMailer(config, app.log);
  const handlers = {
    ...bookingJobHandlers({ db: database.db, mailer, config, log: app.log }),
    ...classSessionJobHandlers({ db: database.db, log: app.log, clock }),
    ...waitlistJobHandlers({ db: database.db, mailer, config, now: () => clock.now() }),
    ...paymentJobHandlers({ db: database.db, providers: paymentProvidersOf(config), clock }),
    ...domainJobHandlers({ db: database.db, lookup: dnsTxtLookup, clock, log: app.log }),
    ...pushJobHandlers({ db: database.db, config: config.push, log: app.log, now: () => clock.now() }),
  };
  app.addHook("onListen", async () => {
    await scheduleClassSessionJobs(database.db, clock.now());
    await scheduleDomainChecks(database.db, clock.now());
    jobs.worker = startJobWorker({ database, handlers, log: app.log, pollMs: POLL_MS });
  });
  app.addHook("onClose", async () => {
    await jobs.worker?.stop();
  });
};
