import type { PushProvider } from "@termin/db/push-schema";
import type { PushMessage } from "./push-payload.ts";

/** How urgently a push service should wake the device (RFC 8030 section 5.3). */
export type PushUrgency = "very-low" | "low" | "normal" | "high";

/** One push to one device. */
export interface PushDelivery {
  provider: PushProvider;
  token: string;
  message: PushMessage;
  /** Seconds the push service may keep it for a device that is away; 0 means now or never. */
  ttlSeconds: number;
  urgency: PushUrgency;
}

/**
 * What became of a push: delivered to the push service; `gone` (404/410: the subscription no longer exists, and is
 * dropped); `refused` (the service will never take this push, e.g. 400: not tried again). A failure worth trying
 * again (network, 429, 5xx) is thrown instead, so the job is retried.
 */
export type PushOutcome = { result: "delivered" } | { result: "gone" | "refused"; status: number; detail: string };

export type PushSender = (delivery: PushDelivery) => Promise<PushOutcome>;

/** The push service answered something to try again later. */
export class PushRetryLater extends Error {
  override name = "PushRetryLater";
}

/** How long one push request may take before it counts as failed (and is retried). */
export const PUSH_REQUEST_TIMEOUT_MS = 10_000;
