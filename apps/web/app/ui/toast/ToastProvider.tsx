import { Suspense, useCallback, useState, type ReactNode } from "react";
import { loadOnDemand } from "../load-on-demand.ts";
import { ToastContext, type ToastOptions } from "./toast-context.ts";
import type { ActiveToast } from "./Toaster.tsx";

const toaster = loadOnDemand(() => import("./Toaster.tsx").then((module) => module.Toaster));

let nextId = 1;

/**
 * Lets any part of the app show toasts. The toasts' UI (Radix toast) loads with the first one;
 * toasts shown meanwhile wait in state and appear together once it has arrived.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ActiveToast[]>([]);
  const [used, setUsed] = useState(false);

  const show = useCallback((toast: ToastOptions) => {
    setUsed(true);
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
      {children}
      {used ? (
        <Suspense fallback={null}>
          <toaster.Component toasts={toasts} onActivate={activate} onRemove={remove} />
        </Suspense>
      ) : null}
    </ToastContext>
  );
}
