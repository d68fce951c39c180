import { isNativeApp } from "../pwa/native-app.ts";
import type { PushConfig } from "./push-config.ts";
import {
  browserCanPush,
  endPushSubscription,
  existingPushToken,
  pushTokenDue,
  readSavedPushToken,
  SAVED_PUSH_TOKEN_KEY,
  subscribeToPush,
} from "./push-token.ts";

export type PushPermission = "granted" | "denied" | "prompt";

/**
 * Where this device's push token comes from and where it is kept: the browser's Web Push subscription, kept through
 * the web server (which holds the session's bearer), or the native app's registration with its platform's push
 * service, kept by the API with the app's own token. What happens around it (when to ask, when to send again) is
 * one flow for both.
 */
export interface PushChannel {
  permission(): Promise<PushPermission>;
  /** Asks the person; only at a moment they chose (after a booking, in settings), never on load. */
  requestPermission(): Promise<PushPermission>;
  /** The token this device has without asking anything: null without permission or a subscription. */
  existingToken(): Promise<string | null>;
  /** Makes the token once permission is granted; null when the push service gave none in time. */
  subscribe(): Promise<string | null>;
  /** Keeps `token` for the signed-in client; true when it was kept. */
  save(token: string): Promise<boolean>;
  /**
   * Ends this device's pushes (signing out) and answers the token they came to, for the API to forget it too: the
   * next person on this device must not get the client's pushes.
   */
  end(): Promise<string | null>;
}

/** The browser's channel: a Web Push subscription with the server's public key, sent to the web server. */
export function webPushChannel(language: string): PushChannel {
  return {
    permission: async () => (Notification.permission === "default" ? "prompt" : Notification.permission),
    requestPermission: async () => {
      const answer = await Notification.requestPermission();
      return answer === "default" ? "prompt" : answer;
    },
    existingToken: existingPushToken,
    subscribe: async () => {
      const config = (await (await fetch(`/${language}/push-token`)).json()) as PushConfig;
      return config.vapid_public_key ? subscribeToPush(config.vapid_public_key) : null;
    },
    save: async (token) => {
      const form = new FormData();
      form.set("token", token);
      return (await fetch(`/${language}/push-token`, { method: "POST", body: form })).ok;
    },
    end: endPushSubscription,
  };
}

/**
 * This device's channel: the native app's, whose code only the native build has, or the browser's; null where
 * pushes cannot come at all.
 */
export async function pushChannelFor(language: string): Promise<PushChannel | null> {
  // The build's target is a constant (vite.config.ts): the web build drops this branch and never has the chunk.
  if (import.meta.env.TERMIN_BUILD_TARGET === "native" && isNativeApp()) {
    const { nativePushChannel } = await import("../native/native-push.ts");
    return nativePushChannel(language);
  }
  return browserCanPush() ? webPushChannel(language) : null;
}

/** Ends this device's pushes, whichever channel brings them; the token they came to, or null. */
export async function endPushOnThisDevice(language: string): Promise<string | null> {
  const channel = await pushChannelFor(language);
  return channel ? channel.end() : null;
}

/** Sends `token` and remembers which and when, so that the next sending is due 7 days from now or on a change. */
export async function sendPushToken(channel: PushChannel, token: string): Promise<boolean> {
  if (!(await channel.save(token))) return false;
  localStorage.setItem(SAVED_PUSH_TOKEN_KEY, JSON.stringify({ token, savedAt: Date.now() }));
  return true;
}

/** Sends this device's token if it has one and it is due (never sent, changed, or sent 7 days ago or more). */
export async function refreshPushToken(channel: PushChannel): Promise<void> {
  const token = await channel.existingToken();
  if (!token || !pushTokenDue(readSavedPushToken(localStorage.getItem(SAVED_PUSH_TOKEN_KEY)), token, Date.now())) {
    return;
  }
  if (!(await sendPushToken(channel, token))) console.warn("Push token not saved");
}
