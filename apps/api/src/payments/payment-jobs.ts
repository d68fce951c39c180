/** The payment links' jobs (scheduled_jobs.kind), beside RELEASE_UNPAID_JOB in payment-links.ts. */
export const REFUND_JOB = "payment-link.refund";

export const releaseJobKey = (paymentLinkId: number) => `payment-link:${paymentLinkId}:release`;
export const refundJobKey = (paymentLinkId: number) => `payment-link:${paymentLinkId}:refund`;
