import { describe, expect, it } from "vitest";
import { currentToggleState } from "./toggle-state.ts";

const page = { on: false, count: 41 };

describe("currentToggleState", () => {
  it("shows the page's state until something is sent", () => {
    expect(currentToggleState(page, null, undefined)).toEqual(page);
  });

  it("shows a like at once, one more in the count, then the server's count", () => {
    expect(currentToggleState(page, "on", undefined)).toEqual({ on: true, count: 42 });
    expect(currentToggleState(page, null, { on: true, count: 45 })).toEqual({ on: true, count: 45 });
  });

  it("takes back from the last answer, and a repeated press moves nothing", () => {
    const answered = { on: true, count: 42 };
    expect(currentToggleState(page, "off", answered)).toEqual({ on: false, count: 41 });
    expect(currentToggleState(page, "on", answered)).toEqual({ on: true, count: 42 });
  });

  it("counts from the page when the answer has no count", () => {
    expect(currentToggleState(page, null, { on: true, count: null })).toEqual({ on: true, count: 42 });
    expect(currentToggleState(page, null, { on: false, count: null, failed: true })).toEqual(page);
  });
});
