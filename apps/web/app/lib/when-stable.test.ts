// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NETWORK_QUIET_MS, whenSettledOrAfter } from "./when-stable.ts";

/** The browser's resource timing, played by the test: `finishRequest()` is a request of the page ending. */
let observers: Array<() => void> = [];
function finishRequest() {
  for (const notify of observers) notify();
}
class ResourceObserver {
  readonly notify: () => void;
  constructor(notify: () => void) {
    this.notify = notify;
  }
  observe() {
    observers.push(this.notify);
  }
  disconnect() {
    observers = observers.filter((notify) => notify !== this.notify);
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  observers = [];
  vi.stubGlobal("PerformanceObserver", ResourceObserver);
  // Idle at once: what is tested is the wait before it.
  vi.stubGlobal("requestIdleCallback", (callback: () => void) => setTimeout(callback, 0));
  vi.stubGlobal("cancelIdleCallback", (handle: ReturnType<typeof setTimeout>) => clearTimeout(handle));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("whenSettledOrAfter", () => {
  it("waits for the page's requests to stop for the quiet period, each new one starting it again", () => {
    const settled = vi.fn();
    whenSettledOrAfter(30_000, settled);
    vi.advanceTimersByTime(NETWORK_QUIET_MS - 100);
    finishRequest();
    vi.advanceTimersByTime(NETWORK_QUIET_MS - 100);
    expect(settled).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(settled).toHaveBeenCalledOnce();
    expect(observers).toHaveLength(0);
  });

  it("gives up waiting at the deadline on a page that never goes quiet, and calls back once", () => {
    const settled = vi.fn();
    whenSettledOrAfter(30_000, settled);
    for (let elapsed = 0; elapsed < 31_000; elapsed += 1000) {
      finishRequest();
      vi.advanceTimersByTime(1000);
    }
    expect(settled).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(60_000);
    expect(settled).toHaveBeenCalledOnce();
  });

  it("calls nothing once cancelled", () => {
    const settled = vi.fn();
    const cancel = whenSettledOrAfter(30_000, settled);
    cancel();
    vi.advanceTimersByTime(60_000);
    expect(settled).not.toHaveBeenCalled();
  });
});
