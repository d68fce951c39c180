import { describe, expect, it } from "vitest";
import { formatPhoneNumber, isPhoneCountry, normalisePhoneNumber } from "./phone-numbers.ts";

describe("normalisePhoneNumber", () => {
  it("keeps the national number's digits, however it was typed", () => {
    const bulgarian = { nationalNumber: "881234567", country: "BG", callingCode: "359" };
    expect(normalisePhoneNumber("088 123 4567", "BG")).toEqual(bulgarian);
    expect(normalisePhoneNumber("0881234567", "bg")).toEqual(bulgarian);
    expect(normalisePhoneNumber("+359 88 123 4567", "BG")).toEqual(bulgarian);
    expect(normalisePhoneNumber("(088) 123-4567", "BG")).toEqual(bulgarian);
    expect(normalisePhoneNumber("030 123456", "DE")).toEqual({
      nationalNumber: "30123456",
      country: "DE",
      callingCode: "49",
    });
  });

  it("keeps the country of a number typed with another country's code", () => {
    expect(normalisePhoneNumber("+44 20 7946 0958", "BG")).toEqual({
      nationalNumber: "2079460958",
      country: "GB",
      callingCode: "44",
    });
  });

  it("refuses numbers that do not fit the country's plan, and unknown countries", () => {
    expect(normalisePhoneNumber("12", "BG")).toBeUndefined();
    expect(normalisePhoneNumber("088 123 4567 8901", "BG")).toBeUndefined();
    expect(normalisePhoneNumber("not a number", "BG")).toBeUndefined();
    expect(normalisePhoneNumber("0881234567", "XX")).toBeUndefined();
    expect(normalisePhoneNumber("0881234567", "")).toBeUndefined();
  });
});

describe("isPhoneCountry", () => {
  it("knows ISO codes with a numbering plan", () => {
    expect(isPhoneCountry("BG")).toBe(true);
    expect(isPhoneCountry("mk")).toBe(true);
    expect(isPhoneCountry("XX")).toBe(false);
  });
});

describe("formatPhoneNumber", () => {
  it("groups a stored number as its country writes it", () => {
    expect(formatPhoneNumber("881234567", "BG", "international")).toBe("+359 88 123 4567");
    expect(formatPhoneNumber("881234567", "bg", "national")).toBe("088 123 4567");
    expect(formatPhoneNumber("2079460958", "GB", "international")).toBe("+44 20 7946 0958");
    expect(formatPhoneNumber("30123456", "DE", "national")).toBe("030 123456");
  });

  it("reads nothing for an unknown country", () => {
    expect(formatPhoneNumber("881234567", "XX", "international")).toBeUndefined();
  });
});
