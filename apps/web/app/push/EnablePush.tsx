import { useEffect, useState } from "react";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLanguage } from "../lib/use-language.ts";
import { isNativeApp } from "../pwa/native-app.ts";
import type { PushConfig } from "./push-config.ts";
import { browserCanPush, existingPushToken, subscribeToPush } from "./push-token.ts";
import { savePushToken } from "./use-push.ts";

type PushState = "unknown" | "off" | "on" | "blocked" | "asking" | "failed";

/** What this browser's push stands at: on (a token), blocked (permission denied) or off. */
async function currentState(): Promise<PushState> {
  if (Notification.permission === "denied") return "blocked";
  return (await existingPushToken()) ? "on" : "off";
}

/**
 * Asks for permission to notify at a moment the client chose (after a booking, or in settings), never on load:
 * then subscribes this browser and keeps its token for the client. Nothing where the browser cannot take pushes.
 */
export function EnablePush({ lead }: { lead: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [state, setState] = useState<PushState>("unknown");
  const supported = typeof window !== "undefined" && browserCanPush() && !isNativeApp();

  useEffect(() => {
    if (!supported) return;
    currentState().then(setState, () => setState("off"));
  }, [supported]);

  if (!supported || state === "unknown") return null;

  const turnOn = async () => {
    if (state === "asking") return;
    setState("asking");
    try {
      if ((await Notification.requestPermission()) !== "granted") {
        setState(Notification.permission === "denied" ? "blocked" : "off");
        return;
      }
      const config = (await (await fetch(`/${language}/push-token`)).json()) as PushConfig;
      const token = config.vapid_public_key ? await subscribeToPush(config.vapid_public_key) : null;
      setState(token && (await savePushToken(language, token)) ? "on" : "failed");
    } catch (error) {
      console.warn("Push subscription failed", error);
      setState("failed");
    }
  };

  const outcome =
    state === "on"
      ? t("push.on")
      : state === "blocked"
        ? t("push.blocked")
        : state === "failed"
          ? t("push.failed")
          : "";
  return (
    <section className="card push-offer" aria-labelledby="push-offer-title">
      <h2 id="push-offer-title">{t("push.title")}</h2>
      {state === "off" || state === "asking" ? <p>{lead}</p> : null}
      {/* Only the outcome is announced (a live region, not a second "status" beside the page's own notice); the
          button keeps focus while the browser asks (it is not disabled). */}
      <p aria-live="polite">{outcome}</p>
      {state === "off" || state === "asking" || state === "failed" ? (
        <button
          type="button"
          className={`button button--secondary${state === "asking" ? " is-loading" : ""}`}
          aria-disabled={state === "asking"}
          onClick={turnOn}
        >
          {t("push.turnOn")}
        </button>
      ) : null}
    </section>
  );
}
