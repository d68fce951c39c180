/**
 * This browser's push subscription as the token `POST /auth/user-token` keeps (provider "webpush", decision
 * 0050), and when it is due to be sent again (spec section 9: after 7 days, or when it changed).
 */

/** Spec section 9: the push token is sent again after this long. */
export const PUSH_TOKEN_REFRESH_MS = 7 * 24 * 60 * 60 * 1000;
/** Spec section 9: how long the service worker may take to be ready before push is given up on this page. */
export const PUSH_WORKER_READY_TIMEOUT_MS = 10_000;
/** How long subscribing may take (the browser asks its push service) before the client is told it failed. */
export const PUSH_SUBSCRIBE_TIMEOUT_MS = 15_000;
/** How long signing out waits for the subscription to end before it goes on without. */
export const PUSH_UNSUBSCRIBE_TIMEOUT_MS = 3_000;
/** Where the last token sent and when are kept (localStorage). */
export const SAVED_PUSH_TOKEN_KEY = "termin:push-token";

export interface SavedPushToken {
  token: string;
  savedAt: number;
}

/** Whether `token` must be sent: never sent, another token (the subscription changed), or sent 7 days ago or more. */
export function pushTokenDue(saved: SavedPushToken | null, token: string, now: number): boolean {
  return !saved || saved.token !== token || now - saved.savedAt >= PUSH_TOKEN_REFRESH_MS;
}

/** The saved record, or null when there is none or it is not ours. */
export function readSavedPushToken(stored: string | null): SavedPushToken | null {
  if (!stored) return null;
  try {
    const value = JSON.parse(stored) as Partial<SavedPushToken>;
    return typeof value.token === "string" && typeof value.savedAt === "number"
      ? { token: value.token, savedAt: value.savedAt }
      : null;
  } catch {
    return null;
  }
}

/** Whether this browser can take pushes at all (service workers, the Push API and notifications). */
export function browserCanPush(): boolean {
  return (
    typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window
  );
}

/**
 * What `promise` gives, or null once `timeoutMs` passed first: a push service out of reach (a network that blocks
 * it) leaves the browser's calls pending for ever, and neither a button nor signing out may wait on them.
 */
export async function within<T>(promise: Promise<T>, timeoutMs: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The service worker's registration once it is ready, or null after 10 s (it may never be: a first visit offline). */
export function readyWorker(): Promise<ServiceWorkerRegistration | null> {
  return within(navigator.serviceWorker.ready, PUSH_WORKER_READY_TIMEOUT_MS);
}

/** The push token of this browser if it has one: permission granted and a subscription made (spec section 8). */
export async function existingPushToken(): Promise<string | null> {
  if (!browserCanPush() || Notification.permission !== "granted") return null;
  const registration = await readyWorker();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription ? JSON.stringify(subscription.toJSON()) : null;
}

/** Makes this browser's subscription with the server's public key (the permission must be granted already). */
export async function subscribeToPush(vapidPublicKey: string): Promise<string | null> {
  const registration = await readyWorker();
  if (!registration) return null;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await within(
      registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: base64UrlToBytes(vapidPublicKey),
      }),
      PUSH_SUBSCRIBE_TIMEOUT_MS,
    ));
  return subscription ? JSON.stringify(subscription.toJSON()) : null;
}

/**
 * Ends this browser's subscription (signing out) and answers its token, for the server to forget it too: the next
 * person on this device must not get the client's pushes. Never waits for a worker that is not there.
 */
export async function endPushSubscription(): Promise<string | null> {
  if (!browserCanPush()) return null;
  localStorage.removeItem(SAVED_PUSH_TOKEN_KEY);
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return null;
  const token = JSON.stringify(subscription.toJSON());
  // Not ended in time: the server still forgets the token, and the push service's next 410 would drop it anyway.
  await within(subscription.unsubscribe(), PUSH_UNSUBSCRIBE_TIMEOUT_MS);
  return token;
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(value.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
}
