import { useEffect, useState } from "react";
import { whenStable } from "../lib/when-stable.ts";

/** The splash leaves the DOM this long after it fades out, on the web (spec section 9). */
export const SPLASH_REMOVE_AFTER_FADE_MS = 2000;

type Phase = "shown" | "fading" | "gone";

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
