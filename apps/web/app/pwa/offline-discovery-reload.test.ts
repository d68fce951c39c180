import { describe, expect, it } from "vitest";
import { DISCOVERY_RELOAD_KEY, forgetOfflineDiscoveryReload } from "./offline-discovery-reload.ts";

function storage(value: string | null) {
  const items = new Map<string, string>(value === null ? [] : [[DISCOVERY_RELOAD_KEY, value]]);
  return {
    getItem: (key: string) => items.get(key) ?? null,
    removeItem: (key: string) => void items.delete(key),
    mark: () => items.get(DISCOVERY_RELOAD_KEY),
  };
}

describe("forgetOfflineDiscoveryReload", () => {
  it("forgets a reload that changed no version, on a page the worker controls", () => {
    const kept = storage("abc123");
    forgetOfflineDiscoveryReload(kept, { version: "abc123", controlledByWorker: true });
    expect(kept.mark()).toBeUndefined();
  });

  it("keeps the mark after a real version change, and without a worker", () => {
    const changed = storage("abc123");
    forgetOfflineDiscoveryReload(changed, { version: "def456", controlledByWorker: true });
    expect(changed.mark()).toBe("abc123");
    const noWorker = storage("abc123");
    forgetOfflineDiscoveryReload(noWorker, { version: "abc123", controlledByWorker: false });
    expect(noWorker.mark()).toBe("abc123");
  });
});
