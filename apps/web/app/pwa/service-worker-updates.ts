import { Workbox } from "workbox-window";
import { SERVICE_WORKER_UPDATE_CHECK_INTERVAL_S, SERVICE_WORKER_URL } from "./pwa-constants.ts";
import { addressesSeenBeforeWorker } from "./seen-before-worker.ts";
import type { UpdateSignal } from "./update-flow.ts";

export interface ServiceWorkerControls {
  /** The dialog's button: tells the waiting version to take over (the page reloads under it), or just reloads. */
  apply(): void;
  stop(): void;
}

/**
 * Registers the service worker (workbox-window) and turns its lifecycle into update signals. Loaded only once the
 * app is stable, so none of this is in a page's first JavaScript.
 */
export function startServiceWorker(onSignal: (signal: UpdateSignal) => void): ServiceWorkerControls {
  const workbox = new Workbox(SERVICE_WORKER_URL);
  const container = navigator.serviceWorker;
  let appliedHere = false;
  const startedControlled = container.controller !== null;
  let controlled = startedControlled;
  const failed = () => onSignal({ kind: "failed", online: navigator.onLine });

  // The worker running this page discarded with nothing to take its place (unregistered elsewhere, storage cleared).
  const watchController = (registration: ServiceWorkerRegistration) => {
    const controller = container.controller;
    controller?.addEventListener("statechange", () => {
      if (controller.state !== "redundant") return;
      if (!registration.active && !registration.waiting && !registration.installing)
        onSignal({ kind: "unrecoverable" });
    });
  };

  // A new version: its download announced, then either ready (waiting) or thrown away before it installed. Watched
  // on the registration itself: workbox-window stops following updates found after its first one.
  const watchUpdates = (registration: ServiceWorkerRegistration) => {
    registration.addEventListener("updatefound", () => {
      const installing = registration.installing;
      // The very first worker: nothing to update, it takes control on its own.
      if (!installing || !registration.active) return;
      onSignal({ kind: "updateFound" });
      let installed = false;
      installing.addEventListener("statechange", () => {
        if (installing.state === "installed") {
          installed = true;
          if (registration.waiting === installing) onSignal({ kind: "waiting" });
        } else if (installing.state === "redundant" && !installed) {
          onSignal({ kind: "installFailed" });
        }
      });
    });
  };

  workbox.addEventListener("controlling", () => {
    // The first worker taking control of a page it did not load is no update.
    if (controlled) onSignal({ kind: "controllerChanged", appliedHere });
    controlled = true;
  });

  // A chunk of the app that fails to load after a deployment: this page's code is older than the server's.
  const chunkFailed = (event: Event) => {
    event.preventDefault();
    onSignal({ kind: "unrecoverable" });
  };
  window.addEventListener("vite:preloadError", chunkFailed);

  let timer: ReturnType<typeof setInterval> | undefined;
  workbox
    .register()
    .then((registration) => {
      if (!registration) return;
      watchUpdates(registration);
      watchController(registration);
      // What was seen before the worker ran, kept once it runs (seen-before-worker.ts); a page it ran from the
      // start has nothing to hand over.
      if (!startedControlled)
        void workbox.active
          .then(() => {
            const urlsToCache = addressesSeenBeforeWorker({
              document: performance.getEntriesByType("navigation")[0]?.name,
              current: window.location.href,
              resources: performance.getEntriesByType("resource").map((entry) => entry.name),
              origin: window.location.origin,
            });
            return workbox.messageSW({ type: "CACHE_URLS", payload: { urlsToCache } });
          })
          .catch(() => {});
      // A version downloaded during an earlier visit, still waiting for a go-ahead.
      if (registration.waiting && registration.active) onSignal({ kind: "waiting" });
      timer = setInterval(() => {
        workbox.update().catch(failed);
      }, SERVICE_WORKER_UPDATE_CHECK_INTERVAL_S * 1000);
    })
    .catch((error: unknown) => console.warn("The service worker could not be registered.", error));

  return {
    apply() {
      appliedHere = true;
      workbox
        .getSW()
        .then(async () => {
          const registration = await container.getRegistration();
          if (registration?.waiting) workbox.messageSkipWaiting();
          else window.location.reload();
        })
        .catch(failed);
    },
    stop() {
      clearInterval(timer);
      window.removeEventListener("vite:preloadError", chunkFailed);
    },
  };
}
