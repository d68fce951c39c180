/**
 * Reporting a server failure, for code that must not load the SDK itself: the pages' server build bundles this
 * file (a copy of its own), and an SDK it imported would be another copy than the process started. The reporter
 * sits on `globalThis` under a registered symbol, so every copy of this file finds the one `server.ts` started.
 * Nothing is reported (and nothing loaded) while no reporter is started: SENTRY_DSN unset.
 */

export interface ServerErrorReporter {
  capture(error: unknown): void;
  /** Sends what is queued; resolves false when `timeoutMs` passed first. */
  flush(timeoutMs: number): Promise<boolean>;
  /** Sends what is queued and stops the SDK (the process may then exit). */
  close(timeoutMs: number): Promise<boolean>;
}

const SLOT = Symbol.for("termin.error-reporting.server");

interface ReporterSlot {
  [SLOT]?: ServerErrorReporter;
}

const slot = globalThis as ReporterSlot;

export function installServerErrorReporter(reporter: ServerErrorReporter | undefined): void {
  slot[SLOT] = reporter;
}

export function serverErrorReporter(): ServerErrorReporter | undefined {
  return slot[SLOT];
}

/** Reports an unexpected failure (a 5xx), when error reporting is on; a no-op otherwise. */
export function reportServerError(error: unknown): void {
  serverErrorReporter()?.capture(error);
}

/** Waits until the reports made so far are sent (true), or `timeoutMs` passed (false); true at once when off. */
export async function flushServerErrorReports(timeoutMs = 2000): Promise<boolean> {
  return (await serverErrorReporter()?.flush(timeoutMs)) ?? true;
}
