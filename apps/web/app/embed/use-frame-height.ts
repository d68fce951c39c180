import { useEffect, type RefObject } from "react";
import { tellParent } from "./frame-messages.ts";

/**
 * Tells the framing page the content's height whenever it changes, and only then: whole pixels rounded up, so the
 * iframe is never a fraction short (a scrollbar), and measured on the content, which never depends on the frame's
 * own height (no growing loop).
 */
export function useFrameHeight(content: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = content.current;
    if (!element) return;
    let told = 0;
    const measure = () => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      if (height === told) return;
      told = height;
      tellParent({ termin: 1, type: "height", height });
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    measure();
    return () => observer.disconnect();
  }, [content]);
}
