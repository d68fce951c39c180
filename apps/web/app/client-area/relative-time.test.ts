import { describe, expect, it } from "vitest";
import { formatRelativeTime } from "./relative-time.ts";

const now = new Date("2026-11-22T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const MINUTE = 60_000;

describe("formatRelativeTime", () => {
  it("says how long ago in the page language, then the date after a week", () => {
    expect(formatRelativeTime(ago(20_000), now, "en")).toBe("now");
    expect(formatRelativeTime(ago(5 * MINUTE), now, "en")).toBe("5 minutes ago");
    expect(formatRelativeTime(ago(2 * 60 * MINUTE), now, "en")).toBe("2 hours ago");
    expect(formatRelativeTime(ago(26 * 60 * MINUTE), now, "en")).toBe("yesterday");
    expect(formatRelativeTime(ago(3 * 24 * 60 * MINUTE), now, "en")).toBe("3 days ago");
    expect(formatRelativeTime("2026-10-29T08:00:00Z", now, "en")).toBe("Oct 29, 2026");
  });

  it("speaks every language's own words", () => {
    expect(formatRelativeTime(ago(2 * 60 * MINUTE), now, "bg")).toBe("преди 2 часа");
    expect(formatRelativeTime(ago(5 * MINUTE), now, "de")).toBe("vor 5 Minuten");
    expect(formatRelativeTime(ago(26 * 60 * MINUTE), now, "ru")).toBe("вчера");
  });
});
