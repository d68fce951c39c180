/**
 * Calls back once the browser is idle after hydration: the app is "stable" (the splash fades, the service worker
 * registers). Answers a function that cancels the wait.
 */
export function whenStable(callback: () => void): () => void {
  if ("requestIdleCallback" in window) {
    const handle = window.requestIdleCallback(callback, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(callback, 1);
  return () => clearTimeout(handle);
}

/** Calls back once the app is stable or `deadlineMs` has passed, whichever comes first; once. */
export function whenStableOrAfter(deadlineMs: number, callback: () => void): () => void {
  let done = false;
  const cancel = () => {
    done = true;
    clearTimeout(deadline);
    cancelStable();
  };
  const fire = () => {
    if (done) return;
    cancel();
    callback();
  };
  const deadline = setTimeout(fire, deadlineMs);
  const cancelStable = whenStable(fire);
  return cancel;
}
