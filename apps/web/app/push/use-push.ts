import { useCallback, useEffect } from "react";
import { useNavigate } from "react-router";
import { notificationTarget } from "../client-area/notification-target.ts";
import { useSignedIn } from "../client-area/personal.tsx";
import { useLanguage } from "../lib/use-language.ts";
import { isNativeApp } from "../pwa/native-app.ts";
import { useToast } from "../ui/toast/toast-context.ts";
import { pushChannelFor, refreshPushToken } from "./push-channel.ts";
import { pushMessageOf, type PushMessage } from "./push-message.ts";

/**
 * Spec section 7: after the profile loads, if this device has a push token and the client is signed in, the token
 * is sent (`POST /auth/user-token`), again when it changed or is 7 days old. No permission, no token (section 8);
 * a failed save is only logged. Never asks for permission: that is the client's choice (EnablePush). The same in
 * the browser and in the native app; only where the token comes from differs (push-channel.ts).
 */
export function usePushToken() {
  const signedIn = useSignedIn();
  const { language } = useLanguage();
  useEffect(() => {
    if (!signedIn) return;
    let current = true;
    void (async () => {
      const channel = await pushChannelFor(language);
      if (current && channel) await refreshPushToken(channel);
    })().catch((error: unknown) => console.warn("Push token not saved", error));
    return () => {
      current = false;
    };
  }, [signedIn, language]);
}

/** Goes where a push leads (its action URL in the page's language), or home when that fails (spec section 8). */
export function useOpenPush(): (message: PushMessage) => void {
  const navigate = useNavigate();
  const { language } = useLanguage();
  return useCallback(
    (message) => {
      Promise.resolve(navigate(notificationTarget(message.actionUrl, language))).catch(() =>
        navigate(`/${language}/home`),
      );
    },
    [navigate, language],
  );
}

/** A push that comes while the app is in front: an info toast with its title and body, a click opens it. */
export function usePushToast(): (message: PushMessage) => void {
  const showToast = useToast();
  const open = useOpenPush();
  return useCallback(
    (message) => showToast({ header: message.title, body: message.body, color: "info", click: () => open(message) }),
    [showToast, open],
  );
}

/** The browser's foreground pushes, which its service worker posts to the page (the native app has its own). */
export function usePushMessages() {
  const showPush = usePushToast();
  useEffect(() => {
    if (isNativeApp() || !("serviceWorker" in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      const message = pushMessageOf(event.data);
      if (message) showPush(message);
    };
    navigator.serviceWorker.addEventListener("message", onMessage);
    return () => navigator.serviceWorker.removeEventListener("message", onMessage);
  }, [showPush]);
}
