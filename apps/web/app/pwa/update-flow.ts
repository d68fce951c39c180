/** What the service worker's lifecycle tells the page about a new version of the app. */
export type UpdateSignal =
  /** A new version's worker started installing while an older one runs this page. */
  | { kind: "updateFound" }
  /** That worker was thrown away before it finished installing (a file it precaches failed to download...). */
  | { kind: "installFailed" }
  /** The new version is installed and waits for the page's go-ahead. */
  | { kind: "waiting" }
  /** Another worker took control of the page: the one this page applied, or one applied in another tab. */
  | { kind: "controllerChanged"; appliedHere: boolean }
  /** The worker running the page was discarded and none replaces it, or a chunk of the app failed to load. */
  | { kind: "unrecoverable" }
  /** Looking for an update, or applying it, failed. */
  | { kind: "failed"; online: boolean };

export type UpdateToast = "downloading" | "installFailed" | "failed";

/** What the page does: a toast, the update dialog (its button applies the waiting version or reloads), a reload. */
export type UpdateReaction =
  | { kind: "toast"; toast: UpdateToast }
  | { kind: "dialog"; confirm: "applyUpdate" | "reload" }
  | { kind: "reload" }
  | { kind: "nothing" };

/**
 * The web app's update flow: a new version detected shows an info toast while it downloads; once ready, a dialog
 * asks to apply it and the page reloads under it; a failed install or another failure shows an error toast; a page
 * left in a state it cannot recover from (its worker gone, its code half old, half new) gets the dialog, then reloads.
 */
export function reactTo(signal: UpdateSignal): UpdateReaction {
  switch (signal.kind) {
    case "updateFound":
      return { kind: "toast", toast: "downloading" };
    case "installFailed":
      return { kind: "toast", toast: "installFailed" };
    case "waiting":
      return { kind: "dialog", confirm: "applyUpdate" };
    case "controllerChanged":
      return signal.appliedHere ? { kind: "reload" } : { kind: "dialog", confirm: "reload" };
    case "unrecoverable":
      return { kind: "dialog", confirm: "reload" };
    case "failed":
      // Offline, an hourly check cannot reach the server: nothing failed that the visitor should hear about.
      return signal.online ? { kind: "toast", toast: "failed" } : { kind: "nothing" };
  }
}
