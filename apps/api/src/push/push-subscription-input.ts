import { z } from "zod";
import type { PushPlatform, PushProvider } from "@termin/db/push-schema";

export const PUSH_PROVIDERS = ["fcm", "webpush"] as const satisfies readonly PushProvider[];
export const PUSH_PLATFORMS = ["web", "ios", "android"] as const satisfies readonly PushPlatform[];

/** Longest push endpoint and FCM token kept (a unique index holds them; real ones are a few hundred characters). */
export const MAX_ENDPOINT_LENGTH = 1_024;
export const MAX_FCM_TOKEN_LENGTH = 1_024;

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The bytes of a base64url value (padding allowed), or undefined when it is not base64url. */
function base64urlBytes(value: string): Buffer | undefined {
  if (!BASE64URL.test(value)) return undefined;
  return Buffer.from(value.replace(/=+$/, ""), "base64url");
}

const webPushSubscription = z.object({
  endpoint: z.string(),
  keys: z.object({ p256dh: z.string(), auth: z.string() }),
});

/** A Web Push subscription, checked: where to send, and the browser's keys (base64url without padding). */
export interface WebPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Single-label names, localhost and IP literals: addresses inside our network, never a push service's. */
function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "");
  return (
    !host.includes(".") ||
    host === "localhost" ||
    host.endsWith(".localhost") ||
    /^[\d.]+$/.test(host) ||
    host.includes(":")
  );
}

const isLoopback = (hostname: string) => hostname === "localhost" || hostname === "127.0.0.1";

/**
 * Reads `token` as the JSON of a browser's PushSubscription (`subscription.toJSON()`): an https endpoint at a
 * public host name (http at localhost or 127.0.0.1 only when `allowLocalEndpoints`, the tests' push service), a
 * P-256 public key (65 bytes, uncompressed) and a 16-byte auth secret. Answers the problem, or the subscription.
 */
export function readWebPushSubscription(
  token: string,
  allowLocalEndpoints: boolean,
): { subscription: WebPushSubscription } | { problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(token);
  } catch {
    return { problem: "For provider webpush, token must be the JSON of a PushSubscription." };
  }
  const parsed = webPushSubscription.safeParse(json);
  if (!parsed.success) {
    return { problem: "For provider webpush, token must be JSON with endpoint and keys.p256dh and keys.auth." };
  }
  const { endpoint, keys } = parsed.data;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { problem: "The subscription's endpoint is not a URL." };
  }
  if (endpoint.length > MAX_ENDPOINT_LENGTH) {
    return { problem: `The subscription's endpoint must have at most ${MAX_ENDPOINT_LENGTH} characters.` };
  }
  const local = allowLocalEndpoints && url.protocol === "http:" && isLoopback(url.hostname);
  if (!local && (url.protocol !== "https:" || isPrivateHost(url.hostname) || url.username || url.password)) {
    return { problem: "The subscription's endpoint must be an https URL of a push service." };
  }
  const p256dh = base64urlBytes(keys.p256dh);
  if (!p256dh || p256dh.length !== 65 || p256dh[0] !== 0x04) {
    return { problem: "keys.p256dh must be a P-256 public key: 65 bytes, base64url." };
  }
  const auth = base64urlBytes(keys.auth);
  if (!auth || auth.length !== 16) return { problem: "keys.auth must be 16 bytes, base64url." };
  return {
    subscription: {
      endpoint: url.href,
      keys: { p256dh: p256dh.toString("base64url"), auth: auth.toString("base64url") },
    },
  };
}

/** How a Web Push subscription is stored as a token: the same JSON however the browser ordered or padded it. */
export const webPushToken = (subscription: WebPushSubscription): string =>
  JSON.stringify({
    endpoint: subscription.endpoint,
    keys: { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
  });

/** The stored form of a token sent to DELETE: a Web Push subscription's canonical JSON, else the token itself. */
export function storedTokenOf(token: string): string {
  const read = readWebPushSubscription(token, true);
  return "subscription" in read ? webPushToken(read.subscription) : token;
}

const platform = z.enum(PUSH_PLATFORMS, { error: `Each platform must be one of ${PUSH_PLATFORMS.join(", ")}.` });

/** POST /auth/user-token's body (spec section 7). */
export const userTokenBody = z
  .object({
    provider: z.enum(PUSH_PROVIDERS, { error: `provider must be one of ${PUSH_PROVIDERS.join(", ")}.` }),
    token: z
      .string({ error: "token is required." })
      .min(1, "token is required.")
      .max(4_096, "token must have at most 4096 characters."),
    /** Sent by the original app; accepted and never stored (a credential is no business of a push registration). */
    refresh_token: z.string().optional(),
    platforms: z
      .array(platform, { error: `platforms must be a list of ${PUSH_PLATFORMS.join(", ")}.` })
      .min(1, "platforms must name at least one platform.")
      .max(PUSH_PLATFORMS.length)
      .refine((list) => new Set(list).size === list.length, "platforms must not repeat a platform."),
  })
  .superRefine((body, context) => {
    if (body.provider === "fcm" && (body.token.length > MAX_FCM_TOKEN_LENGTH || /\s/.test(body.token))) {
      context.addIssue({
        code: "custom",
        path: ["token"],
        message: `An FCM token has no spaces and at most ${MAX_FCM_TOKEN_LENGTH} characters.`,
      });
    }
  });

export const deleteUserTokenBody = z.object({
  token: z.string({ error: "token is required." }).min(1, "token is required.").max(4_096),
});
