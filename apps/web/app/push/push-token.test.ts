import { describe, expect, it, vi } from "vitest";
import { PUSH_TOKEN_REFRESH_MS, pushTokenDue, readSavedPushToken, within } from "./push-token.ts";

describe("pushTokenDue", () => {
  const now = Date.UTC(2026, 11, 7);
  it("sends a token never sent, or another one", () => {
    expect(pushTokenDue(null, "a", now)).toBe(true);
    expect(pushTokenDue({ token: "b", savedAt: now }, "a", now)).toBe(true);
  });

  it("sends the same token again only after 7 days", () => {
    expect(pushTokenDue({ token: "a", savedAt: now - PUSH_TOKEN_REFRESH_MS + 1 }, "a", now)).toBe(false);
    expect(pushTokenDue({ token: "a", savedAt: now - PUSH_TOKEN_REFRESH_MS }, "a", now)).toBe(true);
    expect(PUSH_TOKEN_REFRESH_MS).toBe(604_800_000);
  });
});

describe("readSavedPushToken", () => {
  it("reads its own record and nothing else", () => {
    expect(readSavedPushToken(JSON.stringify({ token: "a", savedAt: 5 }))).toEqual({ token: "a", savedAt: 5 });
    expect(readSavedPushToken(null)).toBeNull();
    expect(readSavedPushToken("{")).toBeNull();
    expect(readSavedPushToken(JSON.stringify({ token: 1, savedAt: 5 }))).toBeNull();
  });
});

describe("within", () => {
  it("gives what settles in time, and null for what never does", async () => {
    vi.useFakeTimers();
    try {
      await expect(within(Promise.resolve("token"), 1000)).resolves.toBe("token");
      const never = within(new Promise<string>(() => {}), 1000);
      await vi.advanceTimersByTimeAsync(1000);
      await expect(never).resolves.toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
