import { scrubBreadcrumb, scrubEvent, scrubSpan } from "./scrub.ts";

/** One trace in ten is sampled, on the server and in the browser alike. */
export const TRACES_SAMPLE_RATE = 0.1;

/** What a process or page needs to report errors: present only when SENTRY_DSN is set. */
export interface ErrorReportingSettings {
  /** The project's DSN; public by design (the browser sends with it too). */
  dsn: string;
  environment: string;
  /** `{APP_VERSION}+{APP_BUILD}` (packages/config), as the side menu and the app-version and app-build headers tell it. */
  release: string;
}

/**
 * The options both SDKs share: the sample rate, and no personal data, neither what the SDK would add itself
 * (sendDefaultPii) nor what an error, a trace or a breadcrumb happens to carry (scrub.ts).
 */
export function sharedOptions(settings: ErrorReportingSettings) {
  return {
    dsn: settings.dsn,
    environment: settings.environment,
    release: settings.release,
    tracesSampleRate: TRACES_SAMPLE_RATE,
    sendDefaultPii: false,
    beforeSend: scrubEvent,
    // Traces are streamed span by span (the SDK's default): each span passes here, there is no transaction event.
    beforeSendSpan: scrubSpan,
    beforeBreadcrumb: scrubBreadcrumb,
  } as const;
}
