import { browserTracingIntegration, captureException, init, type BrowserOptions } from "@sentry/browser";
import { sharedOptions, type ErrorReportingSettings } from "./settings.ts";

export interface BrowserErrorReporter {
  capture(error: unknown): void;
}

/**
 * Starts Sentry's browser SDK: window errors and unhandled rejections, one page load or navigation in ten traced.
 * The page loads this module with a dynamic import, and only when its configuration names a DSN.
 */
export function startBrowserErrorReporting(settings: ErrorReportingSettings): BrowserErrorReporter {
  const options: BrowserOptions = {
    ...sharedOptions(settings),
    // Added to the SDK's defaults (its global error and rejection handlers among them).
    integrations: [browserTracingIntegration()],
  };
  init(options);
  return { capture: (error) => void captureException(error) };
}
