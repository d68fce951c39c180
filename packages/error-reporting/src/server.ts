import { sharedOptions, type ErrorReportingSettings } from "./settings.ts";
import { installServerErrorReporter, serverErrorReporter } from "./server-report.ts";

/**
 * Starts Sentry's Node SDK for this process (API or web server), once; the SDK is loaded only here, so a server
 * without SENTRY_DSN never loads it. Failures reach it through `reportServerError` (server-report.ts); uncaught
 * exceptions and unhandled rejections through the SDK's own handlers.
 */
export async function startServerErrorReporting(settings: ErrorReportingSettings): Promise<void> {
  if (serverErrorReporter()) return;
  const Sentry = await import("@sentry/node");
  Sentry.init({
    ...sharedOptions(settings),
    integrations: [
      // Request bodies are never read into a report (scrub.ts would drop them anyway).
      Sentry.httpIntegration({ maxRequestBodySize: "none" }),
    ],
  });
  installServerErrorReporter({
    capture: (error) => void Sentry.captureException(error),
    flush: (timeoutMs) => Sentry.flush(timeoutMs),
    close: (timeoutMs) => Sentry.close(timeoutMs),
  });
}

/** Sends what is queued and stops the SDK; nothing to do when reporting is off. */
export async function stopServerErrorReporting(timeoutMs = 2000): Promise<void> {
  const reporter = serverErrorReporter();
  if (!reporter) return;
  installServerErrorReporter(undefined);
  await reporter.close(timeoutMs);
}
