import { createContext, useContext } from "react";

/** Default time a toast stays (spec section 9). */
export const TOAST_DEFAULT_DELAY_MS = 10_000;

export type ToastColor = "primary" | "success" | "warning" | "danger" | "info";

/** A toast as the spec describes it (section 2): body, header, color, delay, buttonText, click. */
export interface ToastOptions {
  body: string;
  header?: string;
  color?: ToastColor;
  delay?: number;
  buttonText?: string;
  click?: () => void;
}

export type ShowToast = (toast: ToastOptions) => void;

export const ToastContext = createContext<ShowToast | null>(null);

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast needs a <ToastProvider> above it");
  return show;
}
