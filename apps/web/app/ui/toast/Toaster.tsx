import * as Toast from "@radix-ui/react-toast";
import { useTranslation } from "../../i18n/i18n-context.tsx";
import { TOAST_DEFAULT_DELAY_MS, type ToastOptions } from "./toast-context.ts";
import styles from "./toast.module.css";

export interface ActiveToast extends ToastOptions {
  id: number;
}

/** Renders the toasts on screen; loaded with the first toast, so pages that show none never fetch it. */
export function Toaster(props: {
  toasts: ActiveToast[];
  onActivate: (toast: ActiveToast) => void;
  onRemove: (id: number) => void;
}) {
  const { t } = useTranslation();
  // The provider's label starts each toast as a screen reader announces it; the viewport's names its region.
  return (
    <Toast.Provider swipeDirection="up" label={t("toast.announce")}>
      {props.toasts.map((toast) => (
        <Toast.Root
          key={toast.id}
          className={styles.toast}
          data-color={toast.color ?? "primary"}
          duration={toast.delay ?? TOAST_DEFAULT_DELAY_MS}
          onOpenChange={(open) => !open && props.onRemove(toast.id)}
          onClick={toast.click && !toast.buttonText ? () => props.onActivate(toast) : undefined}
        >
          <div className={styles.text}>
            {toast.header ? <Toast.Title className={styles.header}>{toast.header}</Toast.Title> : null}
            <Toast.Description>{toast.body}</Toast.Description>
          </div>
          {toast.buttonText ? (
            <Toast.Action className={styles.button} altText={toast.buttonText} onClick={() => props.onActivate(toast)}>
              {toast.buttonText}
            </Toast.Action>
          ) : null}
          {/* A toast with a header has no close icon; one without a header has it (spec section 2). */}
          {toast.header ? null : (
            <Toast.Close className={styles.close} aria-label={t("toast.close")}>
              <span aria-hidden="true">×</span>
            </Toast.Close>
          )}
        </Toast.Root>
      ))}
      <Toast.Viewport className={styles.viewport} label={t("toast.region")} />
    </Toast.Provider>
  );
}
