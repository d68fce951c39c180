import { describe, expect, it } from "vitest";
import { SUPPORTED_LANGUAGES } from "@termin/domain/languages";
import {
  formatCountdown,
  formatDate,
  formatDistance,
  formatDuration,
  formatPrice,
  formatPriceRange,
  formatRating,
  telHref,
} from "./format.ts";

// Intl separates numbers and currency signs with no-break spaces; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("formatPrice", () => {
  it("reads minor units in the currency's own decimals and the language's style", () => {
    expect(plain(formatPrice(2500, "EUR", "bg"))).toBe("25 €");
    expect(plain(formatPrice(2550, "EUR", "de"))).toBe("25,50 €");
    expect(plain(formatPrice(2550, "EUR", "en"))).toBe("€25.50");
    expect(plain(formatPrice(120000, "MKD", "mk"))).toMatch(/^1\.?200 ден\.?$/);
    expect(plain(formatPrice(150000, "TRY", "tr"))).toBe("₺1.500");
  });

  it("treats currencies without minor units as whole amounts", () => {
    // The yen has no minor unit: 1500 minor units are 1500 yen.
    expect(plain(formatPrice(1500, "JPY", "en"))).toBe("¥1,500");
  });
});

describe("formatPriceRange", () => {
  it("collapses equal ends and shows a range otherwise", () => {
    expect(plain(formatPriceRange(2500, 2500, "EUR", "en"))).toBe("€25");
    expect(plain(formatPriceRange(2500, 4000, "EUR", "en"))).toBe("€25 – €40");
  });
});

describe("formatDuration", () => {
  it("writes hours and minutes in the language", () => {
    expect(plain(formatDuration(45, "en"))).toBe("45 min");
    expect(plain(formatDuration(90, "en"))).toBe("1 hr 30 min");
    expect(plain(formatDuration(60, "de"))).toBe("1 Std.");
  });
});

describe("formatCountdown", () => {
  it("says minutes and seconds in units, never as a clock time", () => {
    expect(plain(formatCountdown(599, "bg"))).toBe("9 мин 59 сек");
    expect(plain(formatCountdown(600, "en"))).toBe("10 min");
    expect(plain(formatCountdown(61, "de"))).toBe("1 Min. 1 Sek.");
    expect(plain(formatCountdown(42, "ru"))).toBe("42 с");
    expect(plain(formatCountdown(0, "en"))).toBe("0 sec");
    for (const language of SUPPORTED_LANGUAGES) expect(formatCountdown(599, language)).not.toMatch(/\d:\d/);
  });
});

describe("formatRating and formatDistance", () => {
  it("use the language's decimal sign", () => {
    expect(formatRating(4.65, "de")).toBe("4,7");
    expect(formatRating(5, "en")).toBe("5.0");
    expect(plain(formatDistance(0.43, "en"))).toBe("430 m");
    expect(plain(formatDistance(2.345, "en"))).toBe("2.3 km");
    expect(plain(formatDistance(12.6, "en"))).toBe("13 km");
  });
});

describe("formatDate", () => {
  it("writes the UTC calendar day in the language's style with plain spaces", () => {
    expect(formatDate("2026-10-29T23:30:00Z", "mk")).toBe("29 окт. 2026 г.");
    expect(formatDate("2026-10-29T10:00:00Z", "mk", "long")).toBe("29 октомври 2026 г.");
    expect(formatDate("2026-10-29T10:00:00Z", "en")).toBe("Oct 29, 2026");
  });
});

describe("telHref", () => {
  it("keeps the plus and the digits of a number written for people", () => {
    expect(telHref("+49 30 632 6128")).toBe("tel:+49306326128");
    expect(telHref("(02) 981-23-45")).toBe("tel:029812345");
  });
});
