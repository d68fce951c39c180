import { EDGE_GUTTER_PX, SWIPE_RIGHT, swipeDirectionOf } from "../lib/use-swipe.ts";
import { appCanGoBack, stepBack } from "./step-back.ts";

/**
 * The spec's swipe gesture (horizontal, direction 6) as iOS people know it: a swipe to the right that starts at the
 * screen's left edge goes back, as the system's own apps do; iOS's web view has no such gesture of its own. Android
 * sends its edge swipes as the back button (back-button.ts), so this runs on iOS only. Answers how to stop.
 */
export function handleSwipeBack(target: Window = window): () => void {
  let start: { x: number; y: number; id: number } | null = null;
  const down = (event: PointerEvent) => {
    start = event.clientX <= EDGE_GUTTER_PX ? { x: event.clientX, y: event.clientY, id: event.pointerId } : null;
  };
  const up = (event: PointerEvent) => {
    const origin = start;
    start = null;
    if (!origin || origin.id !== event.pointerId) return;
    const direction = swipeDirectionOf(event.clientX - origin.x, event.clientY - origin.y);
    // Of the two horizontal directions only rightward means back (every language of the app is written left to right).
    if (direction === SWIPE_RIGHT) stepBack(appCanGoBack());
  };
  const cancel = () => {
    start = null;
  };
  // Captured: a swipe over a carousel or the side menu (which stop theirs) still reaches here first.
  target.addEventListener("pointerdown", down, true);
  target.addEventListener("pointerup", up, true);
  target.addEventListener("pointercancel", cancel, true);
  return () => {
    target.removeEventListener("pointerdown", down, true);
    target.removeEventListener("pointerup", up, true);
    target.removeEventListener("pointercancel", cancel, true);
  };
}
