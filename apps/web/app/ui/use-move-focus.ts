import { useEffect, useRef } from "react";

/**
 * Takes the reader to what just appeared (the page a step led to, a message, a day's times): focus moves to the
 * returned ref's element, which is scrolled to the middle of the view (clear of the sticky bars), whenever `key`
 * becomes another value that is not null or undefined (compared by identity: each action's answer is a new object). Without this, focus stays on the body or on a button that is gone, and on a phone
 * nothing seems to happen. `onArrival: false` leaves the first render alone (a reload keeps the reader's place).
 */
export function useMoveFocus<T extends HTMLElement>(key: unknown, { onArrival = true } = {}) {
  const ref = useRef<T>(null);
  const last = useRef<unknown>(onArrival ? undefined : key);
  useEffect(() => {
    if (key === last.current) return;
    last.current = key;
    const element = ref.current;
    if (key === null || key === undefined || !element) return;
    element.focus({ preventScroll: true });
    element.scrollIntoView({ block: "center" });
  }, [key]);
  return ref;
}
