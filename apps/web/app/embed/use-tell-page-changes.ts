import { useEffect, useRef } from "react";
import { tellParent } from "./frame-messages.ts";

/**
 * Tells the framing page when the frame goes to another page (not on its first): the loader brings the frame's top
 * into view, as a page of one's own would start at its top, instead of leaving the visitor halfway down it.
 */
export function useTellPageChanges(pageKey: string): void {
  const first = useRef(pageKey);
  useEffect(() => {
    if (pageKey !== first.current) tellParent({ termin: 1, type: "page" });
  }, [pageKey]);
}
