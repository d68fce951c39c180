/** `GET /auth/push-config`: how this browser subscribes to pushes (decision 0050). */
export interface PushConfig {
  provider: "webpush" | "fcm";
  vapid_public_key?: string;
}
