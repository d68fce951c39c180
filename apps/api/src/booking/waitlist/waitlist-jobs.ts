import type { Database } from "@termin/db/database";
import { scheduleJob } from "../../jobs/scheduled-jobs.ts";

/** The waitlist's scheduled jobs (scheduled_jobs.kind). */
export const WAITLIST_JOB = {
  /** Payload { appointmentId }: seats of a session may have freed up; offer them to the first in line. */
  offer: "waitlist.offer",
  /** Payload { waitlistEntryId, offerExpiresAt }: an offer's 30 minutes are over; unbooked, it passes on. */
  expire: "waitlist.expire",
  /** Payload { waitlistEntryId }: the e-mail of an offer (its notification is written with the offer). */
  mail: "waitlist.mail",
} as const;

/** How long a freed seat is held for the first client waiting (Mindbody and ClassPass give a short window). */
export const OFFER_MINUTES = 30;

/**
 * In the transaction that frees seats of a session (a cancellation, a released or expiring hold, an offer that
 * passed): the hand-over runs from the job schedule at `runAt`, so it survives a restart. `cause` names what freed
 * them, one job each: two causes never merge into one later run.
 */
export async function scheduleWaitlistOffer(
  tx: Database,
  options: { appointmentId: number; cause: string; runAt: Date },
): Promise<void> {
  await scheduleJob(tx, {
    kind: WAITLIST_JOB.offer,
    key: `waitlist:${options.appointmentId}:offer:${options.cause}`,
    runAt: options.runAt,
    payload: { appointmentId: options.appointmentId },
  });
}
