import { useEffect, useRef, useState } from "react";

/**
 * Follows `active`, but once it turns true stays true for at least `minimumMs`,
 * so a quick request does not flash an overlay on and off (spec: overlay minimum 300 ms).
 */
export function useMinimumDuration(active: boolean, minimumMs: number): boolean {
  const [visible, setVisible] = useState(active);
  const shownAt = useRef<number | null>(active ? Date.now() : null);

  useEffect(() => {
    if (active) {
      shownAt.current ??= Date.now();
      setVisible(true);
      return;
    }
    if (shownAt.current === null) return;
    const remaining = minimumMs - (Date.now() - shownAt.current);
    const hide = () => {
      shownAt.current = null;
      setVisible(false);
    };
    if (remaining <= 0) {
      hide();
      return;
    }
    const timer = setTimeout(hide, remaining);
    return () => clearTimeout(timer);
  }, [active, minimumMs]);

  return visible;
}
