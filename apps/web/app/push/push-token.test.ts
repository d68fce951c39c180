import { describe, expect, it } from "vitest";
import { PUSH_TOKEN_REFRESH_MS, pushTokenDue, readSavedPushToken } from "./push-token.ts";

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
