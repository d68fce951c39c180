import type { Database } from "@termin/db/database";
import type { Clock } from "../http/clock.ts";
import type { JobHandler, JobLog } from "../jobs/job-worker.ts";
import { scheduleJob } from "../jobs/scheduled-jobs.ts";
import { domainsDueCheck, verifyDomain, type TxtLookup } from "./domain-registry.ts";

/** The recurring check of domains' TXT records (scheduled_jobs.kind). Payload { slot }. */
export const VERIFY_DOMAINS_JOB = "domains.verify";

/** How often the job runs, and how long a checked host waits for its next check. */
const EVERY_MS = 10 * 60_000;
const RECHECK_AFTER_MS = 60 * 60_000;
/** Hosts looked up per run: DNS answers in milliseconds, so a run stays short however many domains exist. */
const PER_RUN = 100;

const jobOfSlot = (slot: number) => ({
  kind: VERIFY_DOMAINS_JOB,
  // One row, re-armed by each run with the next slot (scheduleJob: another payload re-arms a done job).
  key: "domains:verify",
  runAt: new Date(slot * EVERY_MS),
  payload: { slot },
});

/** Makes sure the current ten minutes' run exists (at start); each run schedules the next, in the job table. */
export async function scheduleDomainChecks(db: Database, now: number): Promise<void> {
  await scheduleJob(db, jobOfSlot(Math.floor(now / EVERY_MS)));
}

/**
 * The job worker's handler: a newly added domain is verified within ten minutes of its TXT record appearing, and a
 * verified one whose record went away stops being served within the hour.
 */
export function domainJobHandlers(deps: {
  db: Database;
  lookup: TxtLookup;
  clock: Clock;
  log: JobLog;
}): Record<string, JobHandler> {
  return {
    [VERIFY_DOMAINS_JOB]: async (job) => {
      const now = deps.clock.now();
      for (const host of await domainsDueCheck(deps.db, new Date(now - RECHECK_AFTER_MS), PER_RUN)) {
        try {
          const verified = await verifyDomain(deps.db, host, deps.lookup, new Date(now));
          deps.log.info({ host, verified }, "domain checked");
        } catch (error) {
          // One host's DNS failing (a timeout) must not keep the others from their check.
          deps.log.warn({ host, err: error }, "domain check failed");
        }
      }
      const slot = typeof job.payload.slot === "number" ? job.payload.slot : Math.floor(now / EVERY_MS);
      await scheduleJob(deps.db, jobOfSlot(Math.max(slot, Math.floor(now / EVERY_MS)) + 1));
    },
  };
}
