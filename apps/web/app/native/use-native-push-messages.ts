import { PushNotifications } from "@capacitor/push-notifications";
import { useEffect } from "react";
import { readPushMessage } from "../push/push-message.ts";
import { useOpenPush, usePushToast } from "../push/use-push.ts";

/**
 * The native app's pushes, as the web shows its own: one that comes while the app is in front is the same info
 * toast; tapping a notification opens where it leads (its action URL, home when it has none or that fails).
 */
export function useNativePushMessages() {
  const showPush = usePushToast();
  const openPush = useOpenPush();
  useEffect(() => {
    const listeners = [
      PushNotifications.addListener("pushNotificationReceived", (notification) => {
        const message = readPushMessage(notification);
        if (message) showPush(message);
      }),
      PushNotifications.addListener("pushNotificationActionPerformed", ({ notification }) => {
        // A notification without a title still leads somewhere: home, when it names nowhere.
        openPush(readPushMessage(notification) ?? { title: "", body: "", actionUrl: null });
      }),
    ];
    return () => {
      for (const listener of listeners) void listener.then((handle) => handle.remove());
    };
  }, [showPush, openPush]);
}
