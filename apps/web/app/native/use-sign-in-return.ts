import { App } from "@capacitor/app";
import { Browser } from "@capacitor/browser";
import { useEffect, useEffectEvent } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { clientRuntime } from "../page-data/client-env.ts";
import { useToast } from "../ui/toast/toast-context.ts";
import { finishAppSignIn, isSignInCallback } from "./app-sign-in.ts";

/** The launch address is the app's for its whole run: read once, not again when the shell mounts anew. */
let launchAddressRead = false;

/**
 * The browser's way back into the app after signing in (`app.termin:/oauth/callback?code=…`): while the app runs
 * it comes as `appUrlOpen`; when the system stopped the app meanwhile, as the address the app was launched with.
 * Signed in, the client lands on the page they were on, every loader (the header's name, counts) asked again; a
 * refused way back leaves them where they were, told why in a toast.
 */
export function useSignInReturn() {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const showToast = useToast();
  const { t } = useTranslation();
  // The listener is added once, with the newest page state (a code is spent once, so it must never run twice).
  const finish = useEffectEvent(async (address: string) => {
    if (!isSignInCallback(address)) return;
    const runtime = clientRuntime();
    const result = await finishAppSignIn(runtime.apiOrigin, address);
    // iOS's sheet closes on its own call; Android's Custom Tab is behind the app already and has nothing to close.
    void Browser.close().catch(() => undefined);
    if ("refused" in result) {
      console.warn("Sign-in refused:", result.refused);
      showToast({ body: t("appSignIn.failed"), color: "danger" });
      return;
    }
    await runtime.keepSession(result.tokens);
    await navigate(result.returnTo, { replace: true });
    await revalidate();
  });
  useEffect(() => {
    const listener = App.addListener("appUrlOpen", ({ url }) => void finish(url));
    if (!launchAddressRead) {
      launchAddressRead = true;
      void App.getLaunchUrl().then((launch) => (launch?.url ? finish(launch.url) : undefined));
    }
    return () => void listener.then((handle) => handle.remove());
  }, []);
}
