import { describe, expect, it } from "vitest";
import { phoneDisplay } from "./phone-display.ts";

describe("phoneDisplay", () => {
  it("puts '+' and the calling code before the national number", () => {
    expect(phoneDisplay("881234567", "359")).toBe("+359 881234567");
    expect(phoneDisplay("2079460958", "44")).toBe("+44 2079460958");
  });

  it("shows nothing without a number or its country's code", () => {
    expect(phoneDisplay(null, "359")).toBeNull();
    expect(phoneDisplay("", "359")).toBeNull();
    expect(phoneDisplay("881234567", undefined)).toBeNull();
  });
});
