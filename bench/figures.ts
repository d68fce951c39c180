import autocannon from "autocannon";

// How the bench sections measure and print: one load helper over autocannon, one percentile, one format.

export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The sample at `quantile` (0.5 for p50, 0.99 for p99) of ascending samples. */
export function percentile(sorted: readonly number[], quantile: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(quantile * sorted.length))] ?? Number.NaN;
}

export interface LoadResult {
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** Connection errors and time-outs. */
  errors: number;
}

/**
 * `connections` clients sending requests to `url` one after the other for `durationS` seconds. With `warmUpS`,
 * the same load runs that long first and is not counted (JIT, connection pools), so the figures describe the
 * steady state.
 */
export async function measureLoad(
  url: string,
  options: { connections: number; durationS: number; warmUpS?: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const { connections, durationS, warmUpS, headers } = options;
  if (warmUpS) await autocannon({ url, connections, duration: warmUpS, ...(headers ? { headers } : {}) });
  const result = await autocannon({ url, connections, duration: durationS, ...(headers ? { headers } : {}) });
  return {
    connections,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** A console.table row of a load: a saturated server or failing requests are reported, not thrown. */
export function loadRow(result: LoadResult) {
  return {
    connections: result.connections,
    "req/s": result.requestsPerSecond,
    p50: ms(result.p50),
    p99: ms(result.p99),
    "non-2xx": result.non2xx,
    errors: result.errors,
  };
}
