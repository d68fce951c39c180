import { describe, expect, it } from "vitest";
import { retryDelayMs } from "./retry-delay.ts";

describe("retryDelayMs", () => {
  it("waits four times longer after each failure, from 30 seconds", () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 120_000, 480_000, 1_920_000]);
  });

  it("never waits more than an hour", () => {
    expect(retryDelayMs(5)).toBe(3_600_000);
    expect(retryDelayMs(50)).toBe(3_600_000);
  });

  it("treats a job that never failed like a first failure", () => {
    expect(retryDelayMs(0)).toBe(30_000);
  });
});
