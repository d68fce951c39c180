/**
 * React Router's mark of a document navigation it made because route discovery answered "this version is gone"
 * (react-router's fog-of-war: set to the page's manifest version before it reloads, cleared by the next discovery
 * that succeeds). Found set again on a page of the same version, it stops the navigation with an error instead of
 * reloading once more: its guard against a server that keeps answering an old version.
 */
export const DISCOVERY_RELOAD_KEY = "react-router-manifest-version";

/**
 * Forgets that mark on a page of the version it names, opened under the service worker: the worker answers a route
 * discovery the network could not give that way (worker-requests.ts, discoveryUnreachableAnswer), so that a link
 * followed offline becomes a document navigation, served from the pages kept. No version changed, and with the mark
 * left, the next link followed offline would end in the error page. A page of another version keeps it: that
 * reload was a real version change, which React Router's guard is for.
 */
export function forgetOfflineDiscoveryReload(
  storage: Pick<Storage, "getItem" | "removeItem">,
  page: { version: string | undefined; controlledByWorker: boolean },
): void {
  if (!page.controlledByWorker || page.version === undefined) return;
  if (storage.getItem(DISCOVERY_RELOAD_KEY) === page.version) storage.removeItem(DISCOVERY_RELOAD_KEY);
}
