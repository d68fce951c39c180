import type { Database } from "@termin/db/database";
import { addDays } from "@termin/domain/booking/calendar";
import type { Clock } from "../http/clock.ts";
import { JobInterrupted, type JobHandler, type JobLog } from "../jobs/job-worker.ts";
import { scheduleJob } from "../jobs/scheduled-jobs.ts";
import { materializeClassSessions } from "./materialize-class-sessions.ts";

/** The daily job making class sessions up to the booking horizon (scheduled_jobs.kind). Payload { date }. */
export const MAKE_CLASS_SESSIONS_JOB = "class-sessions.make";

/** At 01:00 UTC each day: a new day comes into every business's horizon. */
const RUN_HOUR_UTC = "01:00:00.000Z";

const jobOfDate = (date: string, runAt: Date) => ({
  kind: MAKE_CLASS_SESSIONS_JOB,
  key: `class-sessions:make:${date}`,
  runAt,
  payload: { date },
});

/**
 * Makes sure today's run exists (at start): one job per UTC date, so a restart finds the day's job done or due,
 * never runs it twice, and a process that was down for days runs once on coming back. Each run schedules the next
 * day's, so the chain lives in the job table, not in a process.
 */
export async function scheduleClassSessionJobs(db: Database, now: number): Promise<void> {
  const today = new Date(now).toISOString().slice(0, 10);
  await scheduleJob(db, jobOfDate(today, new Date(now)));
}

/** The job worker's handler for class sessions. */
export function classSessionJobHandlers(deps: { db: Database; log: JobLog; clock: Clock }): Record<string, JobHandler> {
  return {
    [MAKE_CLASS_SESSIONS_JOB]: async (job, control) => {
      const now = deps.clock.now();
      // Some seconds for every schedule at start: a shutdown stops it between schedules, the next process goes on.
      const made = await materializeClassSessions({ db: deps.db, now, log: deps.log, stopping: control.stopping });
      if (made.complete === false) throw new JobInterrupted();
      const date = typeof job.payload.date === "string" ? job.payload.date : new Date(now).toISOString().slice(0, 10);
      const next = addDays(date, 1);
      await scheduleJob(deps.db, jobOfDate(next, new Date(`${next}T${RUN_HOUR_UTC}`)));
    },
  };
}
