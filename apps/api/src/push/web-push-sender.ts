import webpush from "web-push";
import type { PushConfig } from "@termin/config/env";
import { readWebPushSubscription } from "./push-subscription-input.ts";
import { PUSH_REQUEST_TIMEOUT_MS, PushRetryLater, type PushDelivery, type PushOutcome } from "./push-delivery.ts";
import type { VapidKeys } from "./vapid-keys.ts";

/**
 * Sends one Web Push (RFC 8030): the payload encrypted for the browser's keys (aes128gcm, RFC 8291) and signed
 * with our VAPID key (RFC 8292) by the web-push library, posted with fetch (the library's own request is https
 * only, and follows no timeout of ours). Redirects are not followed: a push service answers, it does not send us on.
 */
export async function sendWebPush(
  delivery: PushDelivery,
  options: { keys: VapidKeys; config: Pick<PushConfig, "vapidSubject" | "allowLocalEndpoints"> },
): Promise<PushOutcome> {
  const read = readWebPushSubscription(delivery.token, options.config.allowLocalEndpoints);
  if ("problem" in read) return { result: "gone", status: 0, detail: read.problem };
  const request = webpush.generateRequestDetails(read.subscription, JSON.stringify(delivery.message), {
    vapidDetails: { subject: options.config.vapidSubject, ...options.keys },
    TTL: delivery.ttlSeconds,
    urgency: delivery.urgency,
    contentEncoding: "aes128gcm",
  });
  let response: Response;
  try {
    response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers,
      // A copy as a plain Uint8Array: the DOM's BodyInit (the web app's type check) takes no Node Buffer.
      body: request.body ? new Uint8Array(request.body) : null,
      redirect: "manual",
      signal: AbortSignal.timeout(PUSH_REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new PushRetryLater(`The push service could not be reached: ${(error as Error).message}`);
  }
  const detail = (await response.text().catch(() => "")).slice(0, 500);
  if (response.status >= 200 && response.status < 300) return { result: "delivered" };
  if (response.status === 404 || response.status === 410) return { result: "gone", status: response.status, detail };
  if (response.status === 400 || response.status === 413) {
    return { result: "refused", status: response.status, detail };
  }
  throw new PushRetryLater(`The push service answered ${response.status}: ${detail}`);
}
