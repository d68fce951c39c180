import { useEffect } from "react";
import { useNavigate } from "react-router";
import { notificationTarget } from "../client-area/notification-target.ts";
import { useSignedIn } from "../client-area/personal.tsx";
import { useLanguage } from "../lib/use-language.ts";
import { isNativeApp } from "../pwa/native-app.ts";
import { useToast } from "../ui/toast/toast-context.ts";
import { pushMessageOf } from "./push-message.ts";
import {
  browserCanPush,
  existingPushToken,
  pushTokenDue,
  readSavedPushToken,
  SAVED_PUSH_TOKEN_KEY,
} from "./push-token.ts";

/** Sends `token` to the web server, which keeps it for the signed-in client; true when it was kept. */
export async function savePushToken(language: string, token: string): Promise<boolean> {
  const form = new FormData();
  form.set("token", token);
  const answer = await fetch(`/${language}/push-token`, { method: "POST", body: form });
  if (!answer.ok) return false;
  localStorage.setItem(SAVED_PUSH_TOKEN_KEY, JSON.stringify({ token, savedAt: Date.now() }));
  return true;
}

/**
 * Spec section 7: after the profile loads, if this browser has a push token and the client is signed in, the token
 * is sent (`POST /auth/user-token`), again when it changed or is 7 days old. No permission, no token (section 8);
 * a failed save is only logged. Never asks for permission: that is the client's choice (EnablePush).
 */
export function usePushToken() {
  const signedIn = useSignedIn();
  const { language } = useLanguage();
  useEffect(() => {
    if (!signedIn || isNativeApp() || !browserCanPush()) return;
    let current = true;
    void (async () => {
      const token = await existingPushToken();
      if (!current || !token) return;
      if (!pushTokenDue(readSavedPushToken(localStorage.getItem(SAVED_PUSH_TOKEN_KEY)), token, Date.now())) return;
      if (!(await savePushToken(language, token))) console.warn("Push token not saved");
    })().catch((error: unknown) => console.warn("Push token not saved", error));
    return () => {
      current = false;
    };
  }, [signedIn, language]);
}

/**
 * A push that comes while a page of the app is in front shows as an info toast with its title and body (spec
 * section 8); clicking it goes where the notification leads, or home when that fails.
 */
export function usePushMessages() {
  const showToast = useToast();
  const navigate = useNavigate();
  const { language } = useLanguage();
  useEffect(() => {
    if (isNativeApp() || !("serviceWorker" in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      const message = pushMessageOf(event.data);
      if (!message) return;
      showToast({
        header: message.title,
        body: message.body,
        color: "info",
        click: () => {
          Promise.resolve(navigate(notificationTarget(message.actionUrl, language))).catch(() =>
            navigate(`/${language}/home`),
          );
        },
      });
    };
    navigator.serviceWorker.addEventListener("message", onMessage);
    return () => navigator.serviceWorker.removeEventListener("message", onMessage);
  }, [showToast, navigate, language]);
}
