import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";

/**
 * For a signed-in client, times in the basket without a live hold (added before signing in, or lapsed while
 * the page was open) are held again once per page load; without JavaScript a button does the same.
 */
export function useHoldAgain(needsHold: boolean) {
  const fetcher = useFetcher();
  const asked = useRef(false);
  useEffect(() => {
    if (!needsHold) {
      asked.current = false;
      return;
    }
    if (asked.current || fetcher.state !== "idle") return;
    asked.current = true;
    void fetcher.submit({ intent: "hold" }, { method: "post" });
  }, [needsHold, fetcher]);
}
