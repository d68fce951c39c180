import { useCallback, type MouseEvent } from "react";
import { isEmbedPath } from "./embed-paths.ts";

/**
 * Links that leave the widget's pages (a policy, the marketplace, the business's full page) open in a new tab:
 * those pages may not be framed, and the host page keeps its visitor. Phone, mail and file links work as they are.
 */
export function useFrameLinks(): (event: MouseEvent<HTMLElement>) => void {
  return useCallback((event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    const link = (event.target as Element).closest("a[href]");
    if (!(link instanceof HTMLAnchorElement) || link.hasAttribute("download")) return;
    const url = new URL(link.href, window.location.href);
    if (url.protocol !== "http:" && url.protocol !== "https:") return;
    if (url.origin === window.location.origin && isEmbedPath(url.pathname)) return;
    event.preventDefault();
    window.open(url.href, "_blank", "noopener");
  }, []);
}
