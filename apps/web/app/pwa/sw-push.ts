import { notificationTarget } from "../client-area/notification-target.ts";
import { PUSH_MESSAGE_TYPE, readPushPayload, type PushMessage } from "../push/push-message.ts";
import { offlinePageLanguage } from "./worker-requests.ts";

/**
 * The service worker's side of push (decision 0050): a push shows as a notification, or, when a page of the app is
 * in front, as that page's toast (spec section 8); a click opens the notification's page (its action URL), and home
 * when the URL is missing or the navigation fails.
 */
declare const self: ServiceWorkerGlobalScope;

const ICON = "/icons/icon-192.png";

async function windows(): Promise<readonly WindowClient[]> {
  return self.clients.matchAll({ type: "window", includeUncontrolled: true });
}

async function receive(message: PushMessage): Promise<void> {
  const inFront = (await windows()).filter((page) => page.visibilityState === "visible" && page.focused);
  if (inFront.length > 0) {
    for (const page of inFront) page.postMessage({ type: PUSH_MESSAGE_TYPE, message });
    return;
  }
  await self.registration.showNotification(message.title, {
    body: message.body,
    icon: ICON,
    data: { action_url: message.actionUrl },
  });
}

async function open(actionUrl: string | null): Promise<void> {
  const pages = await windows();
  const page = pages[0];
  // A path without a language opens in that of a page of the app already open, else the browser's.
  const language = offlinePageLanguage(page ? new URL(page.url).pathname : "", self.navigator.languages);
  const target = notificationTarget(actionUrl, language);
  try {
    if (page) {
      const moved = await page.navigate(target);
      await (moved ?? page).focus();
    } else if (!(await self.clients.openWindow(target))) {
      throw new Error("no window opened");
    }
  } catch {
    await self.clients.openWindow(`/${language}/home`);
  }
}

self.addEventListener("push", (event) => {
  const message = readPushPayload(event.data?.text());
  if (message) event.waitUntil(receive(message));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data = event.notification.data as { action_url?: unknown } | null;
  event.waitUntil(open(typeof data?.action_url === "string" ? data.action_url : null));
});
