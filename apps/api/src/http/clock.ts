/**
 * Where routes and jobs read the time: the system's in a server, a settable one in tests, so a hold's expiry or an
 * unpaid booking's release is tested by moving the clock instead of waiting.
 */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that stands still until moved: starts at `start` (epoch ms), `advance` moves it forward. */
export function settableClock(
  start: number = Date.now(),
): Clock & { advance(ms: number): void; set(at: number): void } {
  let current = start;
  return {
    now: () => current,
    advance: (ms) => {
      current += ms;
    },
    set: (at) => {
      current = at;
    },
  };
}
