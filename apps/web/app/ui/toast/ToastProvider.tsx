import * as Toast from "@radix-ui/react-toast";
import { useCallback, useState, type ReactNode } from "react";
import { useTranslation } from "../../i18n/i18n-context.tsx";
import { TOAST_DEFAULT_DELAY_MS, ToastContext, type ToastOptions } from "./toast-context.ts";
import styles from "./toast.module.css";

interface ActiveToast extends ToastOptions {
  id: number;
}

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<ActiveToast[]>([]);

  const show = useCallback((toast: ToastOptions) => {
    setToasts((current) => [...current, { ...toast, id: nextId++ }]);
  }, []);
  const remove = (id: number) => setToasts((current) => current.filter((toast) => toast.id !== id));

  // Clicking a toast runs its action, then removes it (spec section 4).
  const activate = (toast: ActiveToast) => {
    toast.click?.();
    remove(toast.id);
  };

  return (
    <ToastContext value={show}>
      <Toast.Provider swipeDirection="up" label={t("toast.region")}>
        {children}
        {toasts.map((toast) => (
          <Toast.Root
            key={toast.id}
            className={styles.toast}
            data-color={toast.color ?? "primary"}
            duration={toast.delay ?? TOAST_DEFAULT_DELAY_MS}
            onOpenChange={(open) => !open && remove(toast.id)}
            onClick={toast.click && !toast.buttonText ? () => activate(toast) : undefined}
          >
            <div className={styles.text}>
              {toast.header ? <Toast.Title className={styles.header}>{toast.header}</Toast.Title> : null}
              <Toast.Description>{toast.body}</Toast.Description>
            </div>
            {toast.buttonText ? (
              <Toast.Action className={styles.button} altText={toast.buttonText} onClick={() => activate(toast)}>
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
        <Toast.Viewport className={styles.viewport} />
      </Toast.Provider>
    </ToastContext>
  );
}
