import { useEffect, useRef } from "react";
import type { Language } from "@termin/domain/languages";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useRootData } from "../lib/use-language.ts";
import { TURNSTILE_LANGUAGE, TURNSTILE_RESPONSE_FIELD, TURNSTILE_SCRIPT_URL } from "./turnstile.ts";

/** The part of Cloudflare's `window.turnstile` this component uses. */
interface TurnstileApi {
  render(container: HTMLElement, params: Record<string, unknown>): string | null | undefined;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let scriptLoading: Promise<void> | undefined;

/** Adds Turnstile's script to the page once, however many widgets ask for it. */
function loadTurnstile(): Promise<void> {
  scriptLoading ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = TURNSTILE_SCRIPT_URL;
    script.async = true;
    script.defer = true;
    script.addEventListener("load", () => resolve());
    script.addEventListener("error", () => {
      // A later widget (the next visit to the form) may try again.
      scriptLoading = undefined;
      script.remove();
      reject(new Error("Turnstile's script could not be loaded"));
    });
    document.head.append(script);
  });
  return scriptLoading;
}

export interface TurnstileWidgetProps {
  siteKey: string;
  language: Language;
  /** Change it after each submission: a token is good for one verification only. */
  resetKey?: unknown;
}

/** The Turnstile challenge; it puts its token in a hidden cf-turnstile-response field of the surrounding form. */
export function TurnstileWidget({ siteKey, language, resetKey }: TurnstileWidgetProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const widgetId = useRef<string | null>(null);

  useEffect(() => {
    let unmounted = false;
    loadTurnstile().then(
      () => {
        const turnstile = window.turnstile;
        if (unmounted || !container.current || !turnstile) return;
        widgetId.current =
          turnstile.render(container.current, {
            sitekey: siteKey,
            language: TURNSTILE_LANGUAGE[language],
            "response-field-name": TURNSTILE_RESPONSE_FIELD,
          }) ?? null;
      },
      // Without the widget the form still submits; the server then answers bot_check_failed, shown at the form.
      () => undefined,
    );
    return () => {
      unmounted = true;
      if (widgetId.current) window.turnstile?.remove(widgetId.current);
      widgetId.current = null;
    };
  }, [siteKey, language]);

  useEffect(() => {
    if (resetKey !== undefined && widgetId.current) window.turnstile?.reset(widgetId.current);
  }, [resetKey]);

  return (
    <div className="bot-check">
      <div ref={container} />
      <noscript>{t("botCheck.needsJavaScript")}</noscript>
    </div>
  );
}

/** The bot check of sign-up and password reset: the Turnstile widget when its keys are configured, else nothing. */
export function BotCheck({ resetKey }: { resetKey?: unknown }) {
  const { config, language } = useRootData();
  if (!config.botCheckSiteKey) return null;
  return <TurnstileWidget siteKey={config.botCheckSiteKey} language={language} resetKey={resetKey} />;
}
