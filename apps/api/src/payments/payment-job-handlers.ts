import { z } from "zod";
import type { Database } from "@termin/db/database";
import type { Clock } from "../http/clock.ts";
import type { JobHandler } from "../jobs/job-worker.ts";
import { REFUND_JOB } from "./payment-jobs.ts";
import { RELEASE_UNPAID_JOB } from "./payment-links.ts";
import type { PaymentProviders } from "./payment-providers.ts";
import { refundLatePayment } from "./refund-payment.ts";
import { releaseUnpaidLink } from "./release-unpaid.ts";

const linkPayload = z.object({ paymentLinkId: z.number().int().positive() });

/** The job worker's handlers for payment links: the release of an unpaid one, the refund of a late payment. */
export function paymentJobHandlers(deps: {
  db: Database;
  providers: PaymentProviders;
  clock: Clock;
}): Record<string, JobHandler> {
  const { db, providers, clock } = deps;
  return {
    [RELEASE_UNPAID_JOB]: async (job) => {
      await releaseUnpaidLink({ db, providers, now: clock.now() }, linkPayload.parse(job.payload).paymentLinkId);
    },
    [REFUND_JOB]: async (job) => {
      await refundLatePayment({ db, providers, now: clock.now() }, linkPayload.parse(job.payload).paymentLinkId);
    },
  };
}
