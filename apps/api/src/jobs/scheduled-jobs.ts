import { and, eq, isNull, sql } from "drizzle-orm";
import { scheduledJobs } from "@termin/db/booking-schema";
import type { Database } from "@termin/db/database";

export interface JobToSchedule {
  /** Which handler runs it (e.g. "appointment.reminder"). */
  kind: string;
  /** Names the job: one row per key, so scheduling a key again moves that job instead of adding another. */
  key: string;
  runAt: Date;
  payload: Record<string, unknown>;
}

/**
 * The database notification a transaction sends when it schedules a job that is due now: on commit (never on a
 * rollback) it wakes the job workers of every process, so a notice goes out at once rather than on the next poll.
 */
export const JOBS_DUE_TOPIC = "termin_jobs_due";

/**
 * Schedules a job inside the caller's transaction, so it exists exactly when the change it belongs to commits.
 *
 * Idempotent by key (`insert ... on conflict (key) do update`):
 * - a job not tried yet simply takes the new time and payload;
 * - a job already tried (done, running, or waiting to retry) is known by its kind and payload, because its
 *   `run_at` was moved by the worker (lease, retry): the same kind and payload change nothing, so repeating a call
 *   never runs a job twice; another payload re-arms it (pending, attempts and error cleared). So a payload carries
 *   what makes the job another one: the reminder of an appointment holds the start it reminds of.
 */
export async function scheduleJob(tx: Database, job: JobToSchedule): Promise<void> {
  await tx
    .insert(scheduledJobs)
    .values({ kind: job.kind, key: job.key, runAt: job.runAt, payload: job.payload })
    .onConflictDoUpdate({
      target: scheduledJobs.key,
      set: {
        kind: sql`excluded.kind`,
        runAt: sql`excluded.run_at`,
        payload: sql`excluded.payload`,
        attempts: 0,
        doneAt: null,
        lastError: null,
      },
      setWhere: sql`${scheduledJobs.kind} <> excluded.kind
        or ${scheduledJobs.payload} <> excluded.payload
        or (${scheduledJobs.attempts} = 0 and ${scheduledJobs.doneAt} is null and ${scheduledJobs.runAt} <> excluded.run_at)`,
    });
  if (job.runAt.getTime() <= Date.now()) await tx.execute(sql`select pg_notify(${JOBS_DUE_TOPIC}, '')`);
}

/** Drops a job that has not run yet; one that already ran stays as the record that it did. */
export async function cancelJob(tx: Database, key: string): Promise<void> {
  await tx.delete(scheduledJobs).where(and(eq(scheduledJobs.key, key), isNull(scheduledJobs.doneAt)));
}
