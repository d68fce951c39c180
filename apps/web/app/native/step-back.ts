/**
 * What "back" does in the native app, from Android's back button or the iOS edge swipe: the dialog or sheet in
 * front closes first (as Escape closes it, so a blocking dialog stays), else the previous page. False when there
 * was nothing to close and no page to go back to: the caller leaves the app as its platform does.
 */
export function stepBack(canGoBack: boolean): boolean {
  const dialog = document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]');
  if (dialog) {
    const target = document.activeElement ?? document.body;
    target.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true }));
    return true;
  }
  if (!canGoBack) return false;
  window.history.back();
  return true;
}

/** Whether the app has a page of its own to go back to (React Router numbers its history entries from 0). */
export function appCanGoBack(): boolean {
  const state: unknown = window.history.state;
  return typeof state === "object" && state !== null && "idx" in state && typeof state.idx === "number"
    ? state.idx > 0
    : false;
}
