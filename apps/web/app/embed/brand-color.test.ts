import { describe, expect, it } from "vitest";
import { DEMO_BRAND_COLORS } from "@termin/db/seed/demo/generate-location-extras";
import { contrastWithWhite, readableBrandColor } from "./brand-color.ts";

describe("readableBrandColor", () => {
  it("keeps a colour white text reads on", () => {
    expect(readableBrandColor("#1d4ed8")).toBe("#1d4ed8");
    expect(contrastWithWhite("#000000")).toBeCloseTo(21);
  });

  it("drops a pale colour, and anything that is not #rrggbb", () => {
    expect(readableBrandColor("#f5d90a")).toBeNull();
    expect(readableBrandColor("red")).toBeNull();
    expect(readableBrandColor("#12345g")).toBeNull();
    expect(readableBrandColor(null)).toBeNull();
  });

  it("keeps every demo business's colour", () => {
    for (const color of DEMO_BRAND_COLORS) expect(readableBrandColor(color)).toBe(color);
  });
});
