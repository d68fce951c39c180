import { describe, expect, it } from "vitest";
import type { Site } from "@termin/contracts/site";
import { filterWithinSite } from "./within-site.ts";

const marketplace: Site = { mode: "marketplace", origin: "https://termin.test" };
const salon: Site = {
  mode: "domain",
  origin: "https://salon.test",
  business: { id: 4, slug: "salon", name: "Salon", brandColor: null, soleLocation: null },
};

describe("filterWithinSite", () => {
  it("leaves the marketplace's filter as asked", () => {
    expect(filterWithinSite({ business: ["7"] }, "business", marketplace)).toEqual({ business: ["7"] });
    expect(filterWithinSite<"business" | "city">({ city: ["sofia"] }, "business", marketplace)).toEqual({
      city: ["sofia"],
    });
  });

  it("limits a business's site to that business, and asking for another finds nothing", () => {
    expect(filterWithinSite<"business" | "city">({ city: ["sofia"] }, "business", salon)).toEqual({
      city: ["sofia"],
      business: ["4"],
    });
    expect(filterWithinSite({ business: ["4", "7"] }, "business", salon)).toEqual({ business: ["4"] });
    expect(filterWithinSite({ business: ["7"] }, "business", salon)).toEqual({ business: [] });
  });
});
