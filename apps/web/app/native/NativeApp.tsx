import { Capacitor } from "@capacitor/core";
import { useEffect } from "react";
import { handleBackButton } from "./back-button.ts";
import { followThemeWithStatusBar } from "./status-bar.ts";
import { StoreUpdate } from "./StoreUpdate.tsx";
import { handleSwipeBack } from "./swipe-back.ts";
import { useNativePushMessages } from "./use-native-push-messages.ts";
import { useSignInReturn } from "./use-sign-in-return.ts";

/**
 * What only the native app does, mounted once by the shell in the native build: the store update, the status bar
 * on the theme, back by button (Android) or edge swipe (iOS), the sign-in's way back from the browser, and its
 * pushes in the front. The push token itself
 * goes the web's way (use-push.ts, push-channel.ts) with the app's token source.
 */
export function NativeApp() {
  useEffect(() => followThemeWithStatusBar(), []);
  useEffect(() => {
    const platform = Capacitor.getPlatform();
    if (platform === "android") return handleBackButton();
    if (platform === "ios") return handleSwipeBack();
  }, []);
  useNativePushMessages();
  useSignInReturn();
  return <StoreUpdate />;
}
