const FIRST_RETRY_MS = 30_000;
const LONGEST_WAIT_MS = 60 * 60_000;

/**
 * How long a job waits after its `attempts`-th failure: 30 s, 2 min, 8 min, 32 min, then an hour at most. A mail
 * server that is down for a few minutes is waited out without hammering it.
 */
export function retryDelayMs(attempts: number): number {
  const exponent = Math.max(0, attempts - 1);
  return Math.min(FIRST_RETRY_MS * 4 ** exponent, LONGEST_WAIT_MS);
}
