import { describe, expect, it } from "vitest";
import { activeFilterCount } from "./active-filters.ts";

describe("activeFilterCount", () => {
  it("is zero for a search without filters", () => {
    expect(activeFilterCount({}, { pricesApply: false })).toBe(0);
  });

  it("counts each filter that narrows the results", () => {
    expect(
      activeFilterCount(
        { city: "sofia", neighborhood: "lozenets", service: "manicure", type: "nail-salon", rating_min: 4.5 },
        { pricesApply: true },
      ),
    ).toBe(5);
  });

  it("leaves out the text, the order, a category, the point measured from and the page", () => {
    expect(
      activeFilterCount(
        { q: "nails", sort: "distance", category: "nails", near: "42.69,23.32", page: 2 },
        { pricesApply: true },
      ),
    ).toBe(0);
  });

  it("counts prices only where they apply, in a city's currency", () => {
    const search = { city: "sofia", price_min: 10, price_max: 40 };
    expect(activeFilterCount(search, { pricesApply: true })).toBe(3);
    expect(activeFilterCount(search, { pricesApply: false })).toBe(1);
  });

  it("counts a time of day only with its day", () => {
    expect(activeFilterCount({ part_of_day: "morning" }, { pricesApply: false })).toBe(0);
    expect(activeFilterCount({ free_on: "2026-12-09", part_of_day: "morning" }, { pricesApply: false })).toBe(2);
  });
});
