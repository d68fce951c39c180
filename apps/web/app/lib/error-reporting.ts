import type { BrowserErrorReporter } from "@termin/error-reporting/sentry-browser";
import type { ErrorReportingSettings } from "@termin/error-reporting/settings";

/**
 * The browser's error reporting (decision 0051): on only when the page's configuration names a DSN, and then the
 * SDK is fetched (its own chunk, a dynamic import) once the page is interactive and the browser idle, so no page's
 * own JavaScript grows and nothing is downloaded without the DSN. Errors before it has started are not reported.
 */
let reporter: Promise<BrowserErrorReporter | undefined> | undefined;

function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if ("requestIdleCallback" in window) window.requestIdleCallback(() => resolve(), { timeout: 5000 });
    else setTimeout(resolve, 1000);
  });
}

/** Called once the page has hydrated; later calls do nothing. */
export function startErrorReporting(settings: ErrorReportingSettings | null | undefined): void {
  if (!settings || reporter) return;
  reporter = whenIdle()
    .then(() => import("@termin/error-reporting/sentry-browser"))
    .then((sdk) => sdk.startBrowserErrorReporting(settings))
    // The SDK could not be fetched (offline, a new deploy): the page works on, unreported.
    .catch(() => undefined);
}

/** Reports an error the page caught itself (the root error boundary); window errors the SDK sees on its own. */
export function reportError(error: unknown): void {
  void reporter?.then((started) => started?.capture(error));
}
