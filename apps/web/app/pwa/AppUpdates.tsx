import { useEffect, useEffectEvent, useRef, useState } from "react";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { whenSettledOrAfter } from "../lib/when-stable.ts";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import { useToast } from "../ui/toast/toast-context.ts";
import { isNativeApp } from "./native-app.ts";
import { SERVICE_WORKER_REGISTRATION_DEADLINE_MS, UPDATE_DOWNLOADING_TOAST_DELAY_MS } from "./pwa-constants.ts";
import type { ServiceWorkerControls } from "./service-worker-updates.ts";
import { reactTo, type UpdateSignal, type UpdateToast } from "./update-flow.ts";

/**
 * The web app's service worker and its updates: registered once the page has settled (or after 30 s), on the web only,
 * never in the native app; a new version is announced by toasts and applied through a dialog.
 */
export function AppUpdates() {
  const { t } = useTranslation();
  const showToast = useToast();
  const [dialog, setDialog] = useState<"applyUpdate" | "reload" | null>(null);
  const controls = useRef<ServiceWorkerControls | null>(null);

  const toasts: Record<UpdateToast, () => void> = {
    downloading: () =>
      showToast({
        header: t("pwa.update.downloadingTitle"),
        body: t("pwa.update.downloadingBody"),
        color: "info",
        delay: UPDATE_DOWNLOADING_TOAST_DELAY_MS,
      }),
    installFailed: () => showToast({ body: t("pwa.update.installFailed"), color: "danger" }),
    failed: () => showToast({ header: t("pwa.update.failedTitle"), body: t("pwa.update.failedBody"), color: "danger" }),
  };

  const onSignal = useEffectEvent((signal: UpdateSignal) => {
    const reaction = reactTo(signal);
    if (reaction.kind === "toast") toasts[reaction.toast]();
    else if (reaction.kind === "dialog") setDialog(reaction.confirm);
    else if (reaction.kind === "reload") window.location.reload();
  });

  useEffect(() => {
    if (isNativeApp() || !("serviceWorker" in navigator)) return;
    let stopped = false;
    const cancelWait = whenSettledOrAfter(SERVICE_WORKER_REGISTRATION_DEADLINE_MS, () => {
      import("./service-worker-updates.ts")
        .then(({ startServiceWorker }) => {
          if (!stopped) controls.current = startServiceWorker(onSignal);
        })
        .catch(() => onSignal({ kind: "failed", online: navigator.onLine }));
    });
    return () => {
      stopped = true;
      cancelWait();
      controls.current?.stop();
      controls.current = null;
    };
  }, []);

  const apply = () => {
    if (dialog === "applyUpdate" && controls.current) controls.current.apply();
    else window.location.reload();
  };

  return (
    <ConfirmDialog
      open={dialog !== null}
      // The dialog blocks: an old page cannot go on with the new version installed.
      onOpenChange={() => {}}
      title={t("pwa.update.dialogTitle")}
      body={t("pwa.update.dialogBody")}
      confirmLabel={t("pwa.update.apply")}
      confirm={
        <button type="button" className="button" onClick={apply}>
          {t("pwa.update.apply")}
        </button>
      }
    />
  );
}
