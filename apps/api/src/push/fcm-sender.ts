import { createSign } from "node:crypto";
import { z } from "zod";
import type { PushConfig } from "@termin/config/env";
import { PUSH_REQUEST_TIMEOUT_MS, PushRetryLater, type PushDelivery, type PushOutcome } from "./push-delivery.ts";

const serviceAccountJson = z.object({
  project_id: z.string().min(1),
  client_email: z.string().min(1),
  private_key: z.string().min(1),
});
export type FcmServiceAccount = z.infer<typeof serviceAccountJson>;

/** FCM_SERVICE_ACCOUNT read: the service account's project, e-mail and RSA key, or an error naming what is missing. */
export function readServiceAccount(text: string): FcmServiceAccount {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error("FCM_SERVICE_ACCOUNT is not JSON (a service account's key file).");
  }
  const parsed = serviceAccountJson.safeParse(json);
  if (!parsed.success) throw new Error("FCM_SERVICE_ACCOUNT lacks project_id, client_email or private_key.");
  return parsed.data;
}

const MESSAGING_SCOPE = "https://www.googleapis.com/auth/firebase.messaging";
const tokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });
const fcmError = z.object({
  error: z.object({
    status: z.string().optional(),
    message: z.string().optional(),
    details: z.array(z.object({ errorCode: z.string().optional() }).loose()).optional(),
  }),
});

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

/** An OAuth 2 JWT bearer assertion (RFC 7523) for Google's token endpoint, signed RS256 with the account's key. */
export function signedAssertion(account: FcmServiceAccount, audience: string, nowSeconds: number): string {
  const header = base64url(JSON.stringify({ alg: "RS256", typ: "JWT" }));
  const claims = base64url(
    JSON.stringify({
      iss: account.client_email,
      scope: MESSAGING_SCOPE,
      aud: audience,
      iat: nowSeconds,
      exp: nowSeconds + 3_600,
    }),
  );
  const signature = createSign("RSA-SHA256").update(`${header}.${claims}`).sign(account.private_key);
  return `${header}.${claims}.${base64url(signature)}`;
}

export interface FcmSender {
  send(delivery: PushDelivery): Promise<PushOutcome>;
}

/**
 * Firebase Cloud Messaging's HTTP v1 API: an access token from Google's OAuth endpoint (JWT bearer grant, kept
 * until a minute before it expires), then one `messages:send` per device token. The notification carries title and
 * body, `data` the action URL; Android's ttl and priority, APNs' expiration and priority and Web Push's TTL and
 * Urgency headers say how long and how urgently.
 */
export function createFcmSender(
  config: Pick<PushConfig, "fcmOAuthUrl" | "fcmApiUrl">,
  account: FcmServiceAccount,
  now: () => number = Date.now,
): FcmSender {
  let accessToken: { value: string; until: number } | undefined;

  async function token(): Promise<string> {
    if (accessToken && accessToken.until > now()) return accessToken.value;
    const assertion = signedAssertion(account, config.fcmOAuthUrl, Math.floor(now() / 1000));
    let response: Response;
    try {
      response = await fetch(config.fcmOAuthUrl, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion }),
        signal: AbortSignal.timeout(PUSH_REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new PushRetryLater(`Google's token endpoint could not be reached: ${(error as Error).message}`);
    }
    const answer = tokenAnswer.safeParse(await response.json().catch(() => null));
    if (!response.ok || !answer.success) {
      throw new PushRetryLater(`Google's token endpoint answered ${response.status} without an access token.`);
    }
    accessToken = { value: answer.data.access_token, until: now() + (answer.data.expires_in - 60) * 1000 };
    return accessToken.value;
  }

  return {
    async send(delivery) {
      const { message, ttlSeconds, urgency } = delivery;
      const high = urgency === "high";
      const body = {
        message: {
          token: delivery.token,
          notification: { title: message.title, body: message.body },
          data: { ...message.data },
          android: { ttl: `${ttlSeconds}s`, priority: high ? "HIGH" : "NORMAL" },
          apns: {
            headers: {
              "apns-expiration": String(Math.floor(now() / 1000) + ttlSeconds),
              "apns-priority": high ? "10" : "5",
            },
          },
          webpush: { headers: { TTL: String(ttlSeconds), Urgency: urgency } },
        },
      };
      let response: Response;
      try {
        response = await fetch(
          `${config.fcmApiUrl}/v1/projects/${encodeURIComponent(account.project_id)}/messages:send`,
          {
            method: "POST",
            headers: { authorization: `Bearer ${await token()}`, "content-type": "application/json" },
            body: JSON.stringify(body),
            signal: AbortSignal.timeout(PUSH_REQUEST_TIMEOUT_MS),
          },
        );
      } catch (error) {
        if (error instanceof PushRetryLater) throw error;
        throw new PushRetryLater(`FCM could not be reached: ${(error as Error).message}`);
      }
      if (response.ok) return { result: "delivered" };
      const answer = fcmError.safeParse(await response.json().catch(() => null));
      const status = answer.success ? (answer.data.error.status ?? "") : "";
      const codes = answer.success ? (answer.data.error.details ?? []).map((detail) => detail.errorCode) : [];
      const detail = `${response.status} ${status} ${answer.success ? (answer.data.error.message ?? "") : ""}`.trim();
      // UNREGISTERED: the app was uninstalled or the token expired; FCM will never take it again.
      if (response.status === 404 || codes.includes("UNREGISTERED")) return { result: "gone", status: 404, detail };
      if (response.status === 401) accessToken = undefined;
      if (response.status === 400 || response.status === 403)
        return { result: "refused", status: response.status, detail };
      throw new PushRetryLater(`FCM answered ${detail}`);
    },
  };
}
