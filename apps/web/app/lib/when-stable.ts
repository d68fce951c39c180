/**
 * Calls back once the browser is idle after hydration: the app is "stable" (the splash fades). Answers a function
 * that cancels the wait.
 */
export function whenStable(callback: () => void): () => void {
  if ("requestIdleCallback" in window) {
    const handle = window.requestIdleCallback(callback, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(callback, 1);
  return () => clearTimeout(handle);
}

/** No request of the page for this long after its `load` event: its own downloads are over. */
export const NETWORK_QUIET_MS = 2000;

/**
 * Calls back once the page has settled: loaded (pictures included), then no new request for `NETWORK_QUIET_MS`,
 * then an idle moment. What comes after (the service worker's install downloads the whole app shell) then never
 * competes with the page's own pictures and scripts on a slow line. Answers a function that cancels the wait.
 */
export function whenSettled(callback: () => void): () => void {
  let cancelStep = () => {};
  let cancelled = false;
  const quietThenIdle = () => {
    let quiet: ReturnType<typeof setTimeout>;
    const restartQuiet = () => {
      clearTimeout(quiet);
      quiet = setTimeout(() => {
        observer?.disconnect();
        if (!cancelled) cancelStep = whenStable(callback);
      }, NETWORK_QUIET_MS);
    };
    // Each request the page finishes restarts the quiet period.
    const observer = typeof PerformanceObserver === "function" ? new PerformanceObserver(restartQuiet) : undefined;
    observer?.observe({ type: "resource" });
    restartQuiet();
    cancelStep = () => {
      clearTimeout(quiet);
      observer?.disconnect();
    };
  };
  if (document.readyState === "complete") quietThenIdle();
  else {
    window.addEventListener("load", quietThenIdle, { once: true });
    cancelStep = () => window.removeEventListener("load", quietThenIdle);
  }
  return () => {
    cancelled = true;
    cancelStep();
  };
}

/** Calls back once the page has settled or `deadlineMs` has passed, whichever comes first; once. */
export function whenSettledOrAfter(deadlineMs: number, callback: () => void): () => void {
  let done = false;
  const cancel = () => {
    done = true;
    clearTimeout(deadline);
    cancelSettled();
  };
  const fire = () => {
    if (done) return;
    cancel();
    callback();
  };
  const deadline = setTimeout(fire, deadlineMs);
  const cancelSettled = whenSettled(fire);
  return cancel;
}
