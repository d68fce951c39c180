import {
  MAX_ENDPOINT_LENGTH,
  MAX_FCM_TOKEN_LENGTH,
  PUSH_PLATFORMS,
  PUSH_PROVIDERS,
} from "../push/push-subscription-input.ts";
import { JSONAPI, SIGNED_IN, type ClientDocParts, type Response, type Schema } from "./client-openapi-parts.ts";
import type { Operation } from "./document-types.ts";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const string = { type: "string" };

/** A browser's PushSubscription as `JSON.stringify(subscription)` gives it: what `token` holds for webpush. */
const WEB_PUSH_TOKEN = JSON.stringify({
  endpoint:
    "https://fcm.googleapis.com/fcm/send/dpH5lCsTSSM:APA91bHqjZxM0VImWWqDRN7U0a3AycjUf4O-byuxb_wJsKRaKvV_iKw56s16ekq6FUqoCF7k2nqYH9bV4nH1cJGz3nHLfW_jJ6nGr",
  keys: {
    p256dh: "BIPUL12DLfytvTajnryr2PRdAgXS3HGKiLqndGcJGabyhHheJYlNGCeXl1dn18gSJ1WAkAPIxr4gK0_dQds4yiI",
    auth: "FPssNDTKnInHVndSTdbKFw",
  },
});

const json = (description: string, schema: string): Response => ({
  description,
  content: { "application/json": { schema: ref(schema) } },
});

/** Push notifications' endpoints under /auth (decision 0050). */
export function pushPaths(parts: {
  errorResponse: ClientDocParts["errorResponse"];
}): Record<string, Record<string, Operation>> {
  const { errorResponse } = parts;
  const unauthorized = errorResponse("Not signed in, or the token expired or was revoked");
  const invalid = errorResponse(
    "Invalid fields, each with source.pointer (/provider, /token, /platforms): e.g. a webpush token that is not a subscription's JSON, an endpoint that is not https, keys of the wrong length",
  );
  const registered = (description: string): Response => ({
    description,
    content: { [JSONAPI]: { schema: ref("PushSubscriptionDocument") } },
  });
  return {
    "/auth/push-config": {
      get: {
        summary: "How a browser subscribes to push notifications: the server's VAPID public key",
        description:
          "Public. `vapid_public_key` is the applicationServerKey for `pushManager.subscribe` (base64url, an uncompressed P-256 point). It stays the same across restarts and server processes: it comes from VAPID_PUBLIC_KEY, or is made once and kept in the database. `fcm_enabled` says whether FCM tokens (provider fcm, the native app) are sent to; browsers always use webpush.",
        responses: { 200: json("The push settings", "PushConfig") },
      },
    },
    "/auth/user-token": {
      post: {
        summary: "Keep this device's push token for the signed-in client (spec: POST /auth/user-token)",
        description: `${SIGNED_IN} provider fcm: token is a Firebase Cloud Messaging registration token (at most ${MAX_FCM_TOKEN_LENGTH} characters, no spaces). provider webpush: token is the JSON of the browser's PushSubscription, {"endpoint", "keys": {"p256dh", "auth"}}: an https endpoint (at most ${MAX_ENDPOINT_LENGTH} characters) of a push service, p256dh a 65-byte P-256 public key and auth 16 bytes, both base64url. platforms lists what the device runs on. refresh_token is accepted and ignored. A token is kept once: registering it again refreshes it (send it again every 7 days) and, when another client registered it before, moves it to this one (the device is theirs now): 200 then, 201 when it is new. Notifications to the client are then pushed to every device kept for them (JSON {title, body, data: {action_url, notification_id}}), until the token is deleted or its push service says it is gone.`,
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: ref("UserTokenRequest"),
              example: { provider: "webpush", token: WEB_PUSH_TOKEN, platforms: ["web"] },
            },
          },
        },
        responses: {
          200: registered("The token was known: refreshed, and now this client's"),
          201: registered("The token is kept"),
          401: unauthorized,
          422: invalid,
        },
      },
      delete: {
        summary: "Forget this device's push token (at sign-out)",
        description: `${SIGNED_IN} Send the token as it was registered (for webpush, the subscription's JSON; the same subscription however its JSON is ordered). Only the signed-in client's own registration is dropped; 204 whether or not there was one, so the call can be repeated. Call it before revoking the sign-in: afterwards the token would no longer be accepted.`,
        requestBody: {
          required: true,
          content: {
            "application/json": { schema: ref("DeleteUserTokenRequest"), example: { token: WEB_PUSH_TOKEN } },
          },
        },
        responses: { 204: { description: "Forgotten" }, 401: unauthorized, 422: invalid },
      },
    },
  };
}

export const PUSH_SCHEMAS: Record<string, Schema> = {
  PushConfig: {
    type: "object",
    required: ["provider", "vapid_public_key", "fcm_enabled"],
    properties: {
      provider: { const: "webpush", description: "What a browser subscribes with" },
      vapid_public_key: { ...string, pattern: "^[A-Za-z0-9_-]{87}$" },
      fcm_enabled: { type: "boolean", description: "Whether FCM tokens are sent to (FCM_SERVICE_ACCOUNT is set)" },
    },
    example: {
      provider: "webpush",
      vapid_public_key: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
      fcm_enabled: false,
    },
  },
  UserTokenRequest: {
    type: "object",
    required: ["provider", "token", "platforms"],
    properties: {
      provider: { enum: [...PUSH_PROVIDERS] },
      token: {
        ...string,
        minLength: 1,
        maxLength: 4096,
        description: "FCM: the registration token; webpush: the PushSubscription's JSON",
      },
      refresh_token: { ...string, description: "Accepted for the spec's clients, not used" },
      platforms: {
        type: "array",
        items: { enum: [...PUSH_PLATFORMS] },
        minItems: 1,
        maxItems: PUSH_PLATFORMS.length,
        uniqueItems: true,
      },
    },
  },
  DeleteUserTokenRequest: {
    type: "object",
    required: ["token"],
    properties: { token: { ...string, minLength: 1, maxLength: 4096 } },
  },
  PushSubscriptionDocument: {
    type: "object",
    required: ["data"],
    properties: {
      data: {
        type: "object",
        required: ["type", "id", "attributes"],
        properties: {
          type: { const: "push-subscriptions" },
          id: { ...string, format: "uuid" },
          attributes: {
            type: "object",
            required: ["provider", "platforms", "created_at", "updated_at"],
            additionalProperties: false,
            properties: {
              provider: { enum: [...PUSH_PROVIDERS] },
              platforms: { type: "array", items: { enum: [...PUSH_PLATFORMS] } },
              created_at: { ...string, format: "date-time" },
              updated_at: { ...string, format: "date-time", description: "The last registration" },
            },
          },
        },
      },
    },
    example: {
      data: {
        type: "push-subscriptions",
        id: "5b0c2f4e-8d1a-4c3b-9e7f-2a6d8c4b1e90",
        attributes: {
          provider: "webpush",
          platforms: ["web"],
          created_at: "2026-11-20T09:30:00.000Z",
          updated_at: "2026-11-27T09:30:00.000Z",
        },
      },
    },
  },
};
