import { describe, expect, it } from "vitest";
import { cancellationDeadline } from "./cancellation.ts";

describe("cancellationDeadline", () => {
  it("is the notice before the start, and the start itself without notice", () => {
    const start = Date.parse("2026-12-03T10:30:00Z");
    expect(new Date(cancellationDeadline(start, 24)).toISOString()).toBe("2026-12-02T10:30:00.000Z");
    expect(new Date(cancellationDeadline(start, 2)).toISOString()).toBe("2026-12-03T08:30:00.000Z");
    expect(cancellationDeadline(start, 0)).toBe(start);
  });
});
