import { App } from "@capacitor/app";
import { stepBack } from "./step-back.ts";

/**
 * Android's back button (or back gesture): closes what is in front, else goes back a page; on the first page it
 * sends the app to the background, as Android (12 and later) does with an app's first screen, keeping its state
 * rather than ending it. Answers how to stop listening.
 */
export function handleBackButton(): () => void {
  const listener = App.addListener("backButton", ({ canGoBack }) => {
    if (!stepBack(canGoBack)) {
      App.minimizeApp().catch((error: unknown) => console.warn("The app did not go to the background", error));
    }
  });
  return () => void listener.then((handle) => handle.remove());
}
