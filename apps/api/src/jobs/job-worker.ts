import { and, asc, eq, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import { scheduledJobs } from "@termin/db/booking-schema";
import type { DatabaseHandle } from "@termin/db/database";
import { isDatabaseUnavailable, unavailableReason } from "../http/database-errors.ts";
import { retryDelayMs } from "./retry-delay.ts";
import { JOBS_DUE_TOPIC } from "./scheduled-jobs.ts";

/** A due job this worker has claimed. */
export interface ClaimedJob {
  id: number;
  kind: string;
  key: string;
  payload: Record<string, unknown>;
  /** 1 on the first run, 2 on the first retry, and so on. */
  attempt: number;
  /** The claim: the job's run_at while this worker holds it. A finish that no longer matches it changes nothing. */
  leaseUntil: Date;
}

/** Does the job's work; a rejection is a failure, retried later. */
/** What a running job may ask of its worker: whether the process is stopping (a long job stops between steps). */
export interface JobControl {
  stopping: () => boolean;
}

export type JobHandler = (job: ClaimedJob, control: JobControl) => Promise<void>;

/**
 * Thrown by a handler that stopped between steps because its process is stopping (shutdown must not wait for a long
 * job): the job is due again at once, for the next process, without counting as a failure.
 */
export class JobInterrupted extends Error {
  constructor() {
    super("Stopped for the process's shutdown; the job runs again.");
  }
}

export interface JobLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobWorkerOptions {
  /** With `listen`, the worker also wakes when a job due now is scheduled (JOBS_DUE_TOPIC), not only on its poll. */
  database: Pick<DatabaseHandle, "db"> & Partial<Pick<DatabaseHandle, "listen">>;
  /** By kind. A worker claims only kinds it has a handler for: another process's new kind waits for that process. */
  handlers: Record<string, JobHandler>;
  log: JobLog;
  /** Pause between polls once nothing is due. */
  pollMs: number;
  /** Runs before a job is given up (done_at set, last_error kept). Default 5. */
  maxAttempts?: number;
  /** How long a claim holds a job before another worker may take it again (its process died). Default 5 minutes. */
  leaseMs?: number;
  /** Jobs claimed at once. Default 10. */
  batchSize?: number;
}

export interface JobWorker {
  /** Stops polling and waits for the job that is running, if any. */
  stop(): Promise<void>;
  /**
   * Polling goes on: not stopped, and a pass began or ended within STALLED_AFTER_MS (a database that is away makes
   * passes fail, not stop; a pass stuck on one job for that long does not count as alive).
   */
  alive(): boolean;
}

/** A worker with no pass beginning or ending for this long is stalled (readiness says so). */
export const STALLED_AFTER_MS = 60_000;

const DEFAULTS = { maxAttempts: 5, leaseMs: 5 * 60_000, batchSize: 10 };

/**
 * Claims up to `batchSize` due jobs in one statement, which is one transaction: `FOR UPDATE SKIP LOCKED` makes
 * concurrent workers (processes on one PostgreSQL database) take disjoint rows without waiting for each other, and
 * moving `run_at` to the end of a lease in the same statement keeps the rows from being due for anyone else after
 * the commit. PGlite has one connection and runs statements one after another, so the same statement is simply
 * exclusive there.
 */
async function claimDueJobs(options: JobWorkerOptions): Promise<ClaimedJob[]> {
  const { db } = options.database;
  const kinds = Object.keys(options.handlers);
  if (kinds.length === 0) return [];
  const { maxAttempts, leaseMs, batchSize } = { ...DEFAULTS, ...options };
  const due = db
    .select({ id: scheduledJobs.id })
    .from(scheduledJobs)
    .where(
      and(
        isNull(scheduledJobs.doneAt),
        lte(scheduledJobs.runAt, sql`now()`),
        lt(scheduledJobs.attempts, maxAttempts),
        inArray(scheduledJobs.kind, kinds),
      ),
    )
    .orderBy(asc(scheduledJobs.runAt), asc(scheduledJobs.id))
    .limit(batchSize)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(scheduledJobs)
    .set({
      attempts: sql`${scheduledJobs.attempts} + 1`,
      // Whole milliseconds, so the lease read back into a Date matches the row exactly when the job finishes.
      runAt: sql`date_trunc('milliseconds', now()) + make_interval(secs => ${leaseMs / 1000})`,
    })
    .where(inArray(scheduledJobs.id, due))
    .returning({
      id: scheduledJobs.id,
      kind: scheduledJobs.kind,
      key: scheduledJobs.key,
      payload: scheduledJobs.payload,
      attempt: scheduledJobs.attempts,
      leaseUntil: scheduledJobs.runAt,
    });
  return claimed.sort((a, b) => a.leaseUntil.getTime() - b.leaseUntil.getTime() || a.id - b.id);
}

/**
 * The claim still holds: no one re-scheduled the job meanwhile (which moved run_at and must run it again), and no
 * other worker took it over after the lease ran out.
 */
const stillClaimed = (job: ClaimedJob) =>
  and(eq(scheduledJobs.id, job.id), eq(scheduledJobs.runAt, job.leaseUntil), isNull(scheduledJobs.doneAt));

async function runJob(options: JobWorkerOptions, job: ClaimedJob, control: JobControl): Promise<void> {
  const { db } = options.database;
  const { log } = options;
  const maxAttempts = options.maxAttempts ?? DEFAULTS.maxAttempts;
  const context = { jobId: job.id, kind: job.kind, key: job.key, attempt: job.attempt };
  try {
    const handler = options.handlers[job.kind];
    if (!handler) throw new Error(`No handler for jobs of kind ${job.kind}.`);
    await handler(job, control);
  } catch (error) {
    if (error instanceof JobInterrupted) {
      log.info(context, "Scheduled job stopped for shutdown; due again at once");
      await db
        .update(scheduledJobs)
        .set({ runAt: sql`now()`, attempts: sql`greatest(${scheduledJobs.attempts} - 1, 0)` })
        .where(stillClaimed(job));
      return;
    }
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
    if (job.attempt >= maxAttempts) {
      log.error({ ...context, err: error }, "Scheduled job failed for the last time; given up");
      await db
        .update(scheduledJobs)
        .set({ doneAt: sql`now()`, lastError: `Given up after ${job.attempt} attempts: ${message}` })
        .where(stillClaimed(job));
      return;
    }
    const delayMs = retryDelayMs(job.attempt);
    log.warn({ ...context, err: error, retryInMs: delayMs }, "Scheduled job failed; it will be retried");
    await db
      .update(scheduledJobs)
      .set({ runAt: sql`now() + make_interval(secs => ${delayMs / 1000})`, lastError: message })
      .where(stillClaimed(job));
    return;
  }
  await db
    .update(scheduledJobs)
    .set({ doneAt: sql`now()`, lastError: null })
    .where(stillClaimed(job));
  log.info(context, "Scheduled job done");
}

/**
 * One pass: claims and runs due jobs until none is left (or `shouldStop` says so). Answers how many ran. A job runs
 * once even with several workers; a process that dies while running one leaves it to be run again after the lease,
 * so handlers are written to be safe to repeat.
 */
export async function runDueJobs(options: JobWorkerOptions & { shouldStop?: () => boolean }): Promise<number> {
  let ran = 0;
  while (!options.shouldStop?.()) {
    const jobs = await claimDueJobs(options);
    if (jobs.length === 0) break;
    for (const job of jobs) {
      // A claimed job not run now waits for its lease to pass; stopping mid-batch is rare (shutdown).
      if (options.shouldStop?.()) break;
      await runJob(options, job, { stopping: () => options.shouldStop?.() ?? false });
      ran++;
    }
  }
  return ran;
}

/**
 * Polls for due jobs now and then every `pollMs` after a pass, in this process, until stopped. Start it after the
 * server listens; jobs that fell due while no process ran (a restart, a deploy) run on the first poll.
 */
export function startJobWorker(options: JobWorkerOptions): JobWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> = Promise.resolve();
  let lastBeat = Date.now();
  let polling = false;
  /** A job fell due while a pass ran: another pass follows at once instead of after the pause. */
  let dueMeanwhile = false;

  /** The database is away: said once, with its reason (every poll's failure would fill the log with the same). */
  let databaseAway = false;
  const poll = () => {
    lastBeat = Date.now();
    polling = true;
    pass = runDueJobs({ ...options, shouldStop: () => stopped })
      .then(
        () => {
          if (databaseAway) options.log.info({}, "Scheduled jobs are polled again: the database is back");
          databaseAway = false;
        },
        (error: unknown) => {
          if (!isDatabaseUnavailable(error)) {
            options.log.error({ err: error }, "Scheduled jobs could not be polled; trying again");
          } else if (!databaseAway) {
            databaseAway = true;
            options.log.warn({ reason: unavailableReason(error) }, "Scheduled jobs wait for the database");
          }
        },
      )
      .finally(() => {
        lastBeat = Date.now();
        polling = false;
        if (stopped) return;
        if (dueMeanwhile) {
          dueMeanwhile = false;
          poll();
          return;
        }
        timer = setTimeout(poll, options.pollMs);
        // The server keeps the process alive; the worker alone must not (tests, scripts).
        timer.unref();
      });
  };
  /** A job due now was committed (in any process): run it without waiting for the poll. */
  const wake = () => {
    if (stopped) return;
    if (polling) {
      dueMeanwhile = true;
      return;
    }
    clearTimeout(timer);
    poll();
  };
  const stopListening = options.database.listen?.(JOBS_DUE_TOPIC, { heard: wake, missed: wake });
  poll();

  return {
    async stop() {
      stopped = true;
      stopListening?.();
      clearTimeout(timer);
      await pass;
    },
    alive: () => !stopped && Date.now() - lastBeat < Math.max(STALLED_AFTER_MS, options.pollMs * 3),
  };
}
