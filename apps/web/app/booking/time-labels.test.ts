import { describe, expect, it } from "vitest";
import { serviceTimes } from "./appointment-data.ts";
import { whenLabel } from "./basket-data.ts";

/**
 * Where a browser may end a line inside a text: at a space (a no-break one aside) and after a dash that no word
 * joiner follows (Unicode's line breaking rules, which Chromium's and every engine's line breaker apply).
 */
const breakOpportunities = (text: string) => (text.match(/[^\S\u00a0\u202f]|–(?!\u2060)/g) ?? []).length;

describe("a time range on the basket, checkout and appointment pages", () => {
  it("has no place to break inside its times, in a 24-hour language and a 12-hour one", () => {
    const greek = whenLabel("2026-12-01T10:00:00+02:00", "2026-12-01T11:00:00+02:00", "el");
    expect(greek).toBe("Τρίτη 1 Δεκεμβρίου · 10:00–\u206011:00");
    const [, times = ""] = whenLabel("2026-12-01T09:00:00+02:00", "2026-12-01T09:45:00+02:00", "en").split(" · ");
    expect(times.replace(/[\u00a0\u2060]/g, "")).toBe("9:00AM–9:45AM");
    expect(breakOpportunities(times)).toBe(0);
  });

  it("may still wrap between the day and the times", () => {
    const label = whenLabel("2026-12-01T10:00:00+02:00", "2026-12-01T11:00:00+02:00", "de");
    expect(label).toBe("Dienstag, 1. Dezember · 10:00–\u206011:00");
    expect(breakOpportunities(label)).toBeGreaterThan(0);
  });

  it("keeps an appointment's service times together; times on two days may break at the dash", () => {
    expect(serviceTimes("2026-12-01T08:00:00Z", "2026-12-01T09:00:00Z", "el", "Europe/Athens")).toBe(
      "10:00–\u206011:00",
    );
    expect(
      breakOpportunities(serviceTimes("2026-12-01T08:00:00Z", "2026-12-01T08:45:00Z", "en", "Europe/Athens")),
    ).toBe(0);
    const overnight = serviceTimes("2026-12-01T21:00:00Z", "2026-12-01T23:00:00Z", "de", "Europe/Athens");
    expect(overnight).toMatch(/23:00\s–\sMittwoch/);
    expect(overnight).not.toContain("\u2060");
  });
});
