import { useEffect, useState } from "react";

/**
 * Follows `active`, but once it turns true stays true for at least `minimumMs`,
 * so a quick request does not flash an overlay on and off (spec: overlay minimum 300 ms).
 */
export function useMinimumDuration(active: boolean, minimumMs: number): boolean {
  const [minimumPassed, setMinimumPassed] = useState(!active);
  const [previousActive, setPreviousActive] = useState(active);

  // Each activation starts a new minimum period (state adjusted while rendering, as React recommends).
  if (active !== previousActive) {
    setPreviousActive(active);
    if (active) setMinimumPassed(false);
  }

  useEffect(() => {
    if (minimumPassed) return;
    const timer = setTimeout(() => setMinimumPassed(true), minimumMs);
    return () => clearTimeout(timer);
  }, [minimumPassed, minimumMs]);

  return active || !minimumPassed;
}
