import { z } from "zod";
import type { JobHandler } from "../../jobs/job-worker.ts";
import { expireOffer, mailOffer, offerFreedSeats, type WaitlistDependencies } from "./offer-seats.ts";
import { WAITLIST_JOB } from "./waitlist-jobs.ts";

const offerPayload = z.object({ appointmentId: z.number().int().positive() });
const entryPayload = z.object({ waitlistEntryId: z.number().int().positive() });

/** The job worker's handlers for waitlists: offering freed seats, an offer's e-mail, and its expiry. */
export function waitlistJobHandlers(deps: WaitlistDependencies & { now?: () => number }): Record<string, JobHandler> {
  const now = deps.now ?? Date.now;
  return {
    [WAITLIST_JOB.offer]: async (job) => {
      await offerFreedSeats(deps, offerPayload.parse(job.payload).appointmentId, now());
    },
    [WAITLIST_JOB.mail]: async (job) => {
      await mailOffer(deps, entryPayload.parse(job.payload).waitlistEntryId);
    },
    [WAITLIST_JOB.expire]: async (job) => {
      await expireOffer(deps.db, entryPayload.parse(job.payload).waitlistEntryId, now());
    },
  };
}
