import { useEffect, useState } from "react";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLanguage } from "../lib/use-language.ts";
import { useIsNativeApp } from "../pwa/native-app.ts";
import { pushChannelFor, sendPushToken, type PushChannel } from "./push-channel.ts";

type PushState = "unknown" | "off" | "on" | "blocked" | "asking" | "failed";

/** What this device's push stands at: on (a token), blocked (permission denied) or off. */
async function currentState(channel: PushChannel): Promise<PushState> {
  if ((await channel.permission()) === "denied") return "blocked";
  return (await channel.existingToken()) ? "on" : "off";
}

/**
 * Asks for permission to notify at a moment the client chose (after a booking, or in settings), never on load:
 * then subscribes this device and keeps its token for the client. Nothing where the device cannot take pushes.
 */
export function EnablePush({ lead }: { lead: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [state, setState] = useState<PushState>("unknown");
  const [channel, setChannel] = useState<PushChannel | null>(null);
  // Where notifications are allowed again: a site's settings in the browser, the device's settings for the app.
  const blocked = useIsNativeApp() ? t("push.blockedInApp") : t("push.blocked");

  useEffect(() => {
    let current = true;
    pushChannelFor(language)
      .then(async (found) => {
        if (!found) return;
        const initial = await currentState(found).catch((): PushState => "off");
        if (!current) return;
        setChannel(found);
        setState(initial);
      })
      .catch((error: unknown) => console.warn("Push is not available", error));
    return () => {
      current = false;
    };
  }, [language]);

  if (!channel || state === "unknown") return null;

  const turnOn = async () => {
    if (state === "asking") return;
    setState("asking");
    try {
      const permission = await channel.requestPermission();
      if (permission !== "granted") {
        setState(permission === "denied" ? "blocked" : "off");
        return;
      }
      const token = await channel.subscribe();
      setState(token && (await sendPushToken(channel, token)) ? "on" : "failed");
    } catch (error) {
      console.warn("Push subscription failed", error);
      setState("failed");
    }
  };

  const outcome =
    state === "on" ? t("push.on") : state === "blocked" ? blocked : state === "failed" ? t("push.failed") : "";
  return (
    <section className="card push-offer" aria-labelledby="push-offer-title">
      <h2 id="push-offer-title">{t("push.title")}</h2>
      {state === "off" || state === "asking" ? <p>{lead}</p> : null}
      {/* Only the outcome is announced (a live region, not a second "status" beside the page's own notice); the
          button keeps focus while the device asks (it is not disabled). */}
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
