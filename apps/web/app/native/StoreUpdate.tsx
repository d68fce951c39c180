import { App } from "@capacitor/app";
import { AppUpdate, AppUpdateAvailability } from "@capawesome/capacitor-app-update";
import { useEffect, useState } from "react";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";

/**
 * Whether the store has a newer version of the app. Of the store's four answers only "update available" counts:
 * unknown (no store on this device, no answer) and "in progress" (the store is installing it) leave the app usable.
 */
export async function storeHasUpdate(): Promise<boolean> {
  const { updateAvailability } = await AppUpdate.getAppUpdateInfo();
  return updateAvailability === AppUpdateAvailability.UPDATE_AVAILABLE;
}

/**
 * The native app's store update: checked at start and whenever the app comes back to the front; when the store
 * has a newer version, a dialog that cannot be dismissed leads there. The app updates only through its store.
 */
export function StoreUpdate() {
  const { t } = useTranslation();
  const [available, setAvailable] = useState(false);

  useEffect(() => {
    let stopped = false;
    const check = () =>
      storeHasUpdate().then(
        (found) => {
          if (!stopped) setAvailable(found);
        },
        // A failed check must not lock anyone out; the next resume asks again.
        (error: unknown) => console.warn("Store update check failed", error),
      );
    void check();
    const resume = App.addListener("resume", () => void check());
    return () => {
      stopped = true;
      void resume.then((listener) => listener.remove());
    };
  }, []);

  const openStore = () => {
    AppUpdate.openAppStore().catch((error: unknown) => console.warn("The store did not open", error));
  };

  return (
    <ConfirmDialog
      open={available}
      // Blocking: no close, and Escape (or Android's back button, which sends it) changes nothing.
      onOpenChange={() => {}}
      title={t("native.update.title")}
      body={t("native.update.body")}
      confirmLabel={t("native.update.download")}
      confirm={
        <button type="button" className="button" onClick={openStore}>
          {t("native.update.download")}
        </button>
      }
    />
  );
}
