import { useRef, type PointerEvent } from "react";

/** Direction bits as in the spec's gesture setting: 2 left, 4 right, 6 both (horizontal). */
export const SWIPE_LEFT = 2;
export const SWIPE_RIGHT = 4;
export const SWIPE_HORIZONTAL = SWIPE_LEFT | SWIPE_RIGHT; // 6

/** Swipes starting this close to a screen edge belong to the browser's own back/forward gesture. */
export const EDGE_GUTTER_PX = 24;
const MIN_DISTANCE_PX = 60;

/** The direction of a pointer's move of (dx, dy): left or right when long enough and mostly horizontal, else 0. */
export function swipeDirectionOf(dx: number, dy: number): typeof SWIPE_LEFT | typeof SWIPE_RIGHT | 0 {
  if (Math.abs(dx) < MIN_DISTANCE_PX || Math.abs(dx) < Math.abs(dy) * 2) return 0;
  return dx < 0 ? SWIPE_LEFT : SWIPE_RIGHT;
}

export interface SwipeOptions {
  directions: number;
  onSwipe: (direction: typeof SWIPE_LEFT | typeof SWIPE_RIGHT) => void;
}

/**
 * Pointer handlers that report a mostly-horizontal swipe in an allowed direction. Pair with
 * CSS `touch-action: pan-y` so vertical scrolling stays with the browser.
 */
export function useSwipe({ directions, onSwipe }: SwipeOptions) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);

  return {
    onPointerDown(event: PointerEvent) {
      const nearEdge = event.clientX < EDGE_GUTTER_PX || event.clientX > window.innerWidth - EDGE_GUTTER_PX;
      start.current = nearEdge ? null : { x: event.clientX, y: event.clientY, id: event.pointerId };
    },
    onPointerUp(event: PointerEvent) {
      const origin = start.current;
      start.current = null;
      if (!origin || origin.id !== event.pointerId) return;
      const direction = swipeDirectionOf(event.clientX - origin.x, event.clientY - origin.y);
      if (direction !== 0 && directions & direction) onSwipe(direction);
    },
    onPointerCancel() {
      start.current = null;
    },
  };
}
