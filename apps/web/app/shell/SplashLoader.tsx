import { useEffect, useState } from "react";

/** The splash leaves the DOM this long after it fades out, on the web (spec section 9). */
export const SPLASH_REMOVE_AFTER_FADE_MS = 2000;

type Phase = "shown" | "fading" | "gone";

/** Waits until the browser is idle after hydration: the app is "stable". */
function whenStable(callback: () => void): () => void {
  if ("requestIdleCallback" in window) {
    const handle = window.requestIdleCallback(callback, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(callback, 1);
  return () => clearTimeout(handle);
}

/**
 * A brand mark shown while the page boots; it fades once the app is hydrated and idle.
 * Server-rendered content stays readable underneath: the splash never hides it.
 */
export function SplashLoader() {
  const [phase, setPhase] = useState<Phase>("shown");

  useEffect(() => whenStable(() => setPhase("fading")), []);
  useEffect(() => {
    if (phase !== "fading") return;
    const timer = setTimeout(() => setPhase("gone"), SPLASH_REMOVE_AFTER_FADE_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  if (phase === "gone") return null;
  return <div className="splash" data-phase={phase} data-testid="splash" aria-hidden="true" />;
}
