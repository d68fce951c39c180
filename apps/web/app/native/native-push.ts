import { Capacitor, type PermissionState } from "@capacitor/core";
import { PushNotifications } from "@capacitor/push-notifications";
import { clientPageEnv } from "../page-data/client-env.ts";
import type { PushChannel, PushPermission } from "../push/push-channel.ts";
import { PUSH_SUBSCRIBE_TIMEOUT_MS, readSavedPushToken, SAVED_PUSH_TOKEN_KEY, within } from "../push/push-token.ts";

export type NativePlatform = "ios" | "android";

/** The platform the API records with the token; null outside the app (Capacitor's web platform). */
export function nativePlatform(): NativePlatform | null {
  const platform = Capacitor.getPlatform();
  return platform === "ios" || platform === "android" ? platform : null;
}

/** Android's "ask again with a reason" is still a question not yet answered. */
function permissionOf(state: PermissionState): PushPermission {
  return state === "granted" || state === "denied" ? state : "prompt";
}

/**
 * The device's token from its platform's push service (FCM; on iOS the app's delegate hands FCM's token on, see
 * docs/mobile.md): `register()` answers before the token comes, which arrives as the `registration` event, or
 * `registrationError`. Null when neither came in time (no network, no Google Play services).
 */
async function registeredToken(): Promise<string | null> {
  const handles: Promise<{ remove: () => Promise<void> }>[] = [];
  const token = new Promise<string | null>((resolve) => {
    handles.push(PushNotifications.addListener("registration", ({ value }) => resolve(value)));
    handles.push(
      PushNotifications.addListener("registrationError", ({ error }) => {
        console.warn("Push registration failed", error);
        resolve(null);
      }),
    );
  });
  try {
    await PushNotifications.register();
    return await within(token, PUSH_SUBSCRIBE_TIMEOUT_MS);
  } finally {
    for (const handle of handles) void handle.then((listener) => listener.remove());
  }
}

/**
 * Keeps the token for the signed-in client at the API (`POST /auth/user-token`) with the session the app keeps:
 * the app has no web server between it and the API. False for a visitor.
 */
async function saveAtApi(language: string, token: string, platform: NativePlatform): Promise<boolean> {
  const url = new URL(window.location.href);
  const env = await clientPageEnv({ request: new Request(url), params: { lang: language }, url });
  if (!env.viewerApi) return false;
  await env.viewerApi.post("/auth/user-token", { provider: "fcm", token, platforms: [platform] });
  return true;
}

/** The native app's push channel: the push plugin's permission and registration, the API for keeping the token. */
export function nativePushChannel(language: string): PushChannel | null {
  const platform = nativePlatform();
  if (!platform) return null;
  const granted = async () => (await PushNotifications.checkPermissions()).receive === "granted";
  return {
    permission: async () => permissionOf((await PushNotifications.checkPermissions()).receive),
    requestPermission: async () => permissionOf((await PushNotifications.requestPermissions()).receive),
    // Registering again without asking is what the plugin expects at every start: the token may have changed.
    existingToken: async () => ((await granted()) ? registeredToken() : null),
    subscribe: registeredToken,
    save: (token) => saveAtApi(language, token, platform),
    end: async () => {
      const saved = readSavedPushToken(localStorage.getItem(SAVED_PUSH_TOKEN_KEY));
      localStorage.removeItem(SAVED_PUSH_TOKEN_KEY);
      await PushNotifications.unregister();
      return saved?.token ?? null;
    },
  };
}
