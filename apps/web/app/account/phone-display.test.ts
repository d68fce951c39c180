import { describe, expect, it } from "vitest";
import { phoneDisplay, phoneForEditing } from "./phone-display.ts";

describe("phoneDisplay", () => {
  it("puts '+' and the calling code before the national number, grouped as the country writes it", () => {
    expect(phoneDisplay({ phone: "881234567", country: "BG", callingCode: "359" })).toBe("+359 88 123 4567");
    expect(phoneDisplay({ phone: "2079460958", country: "GB", callingCode: "44" })).toBe("+44 20 7946 0958");
    expect(phoneDisplay({ phone: "70123456", country: "MK", callingCode: "389" })).toBe("+389 70 123 456");
  });

  it("falls back to the bare digits when the country's plan cannot read the number", () => {
    expect(phoneDisplay({ phone: "881234567", country: null, callingCode: "359" })).toBe("+359 881234567");
  });

  it("shows nothing without a number or its country's code", () => {
    expect(phoneDisplay({ phone: null, country: "BG", callingCode: "359" })).toBeNull();
    expect(phoneDisplay({ phone: "", country: "BG", callingCode: "359" })).toBeNull();
    expect(phoneDisplay({ phone: "881234567", country: "BG", callingCode: undefined })).toBeNull();
  });
});

describe("phoneForEditing", () => {
  it("writes the number as it is typed in its country", () => {
    expect(phoneForEditing({ phone: "881234567", country: "BG", callingCode: "359" })).toBe("088 123 4567");
    expect(phoneForEditing({ phone: "30123456", country: "DE", callingCode: "49" })).toBe("030 123456");
    expect(phoneForEditing({ phone: "881234567", country: null, callingCode: null })).toBe("881234567");
    expect(phoneForEditing({ phone: null, country: "BG", callingCode: "359" })).toBeNull();
  });
});
