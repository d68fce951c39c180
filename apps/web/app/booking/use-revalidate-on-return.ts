import { useEffect } from "react";
import { useRevalidator } from "react-router";

/**
 * While `waiting` (a payment due, paid on the provider's page in another tab: a widget's frame cannot show it), the
 * page reads its data again whenever the visitor comes back to it, so it shows the payment once made.
 */
export function useRevalidateOnReturn(waiting: boolean): void {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!waiting) return;
    const back = () => {
      if (document.visibilityState === "visible") void revalidate();
    };
    window.addEventListener("focus", back);
    document.addEventListener("visibilitychange", back);
    return () => {
      window.removeEventListener("focus", back);
      document.removeEventListener("visibilitychange", back);
    };
  }, [waiting, revalidate]);
}
