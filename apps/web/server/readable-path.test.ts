import { describe, expect, it } from "vitest";
import { readablePath } from "./readable-path.ts";

describe("readablePath", () => {
  it("writes the % of each segment that is not UTF-8 as %25, so pages read the text as sent", () => {
    expect(readablePath("/en/location/%FF")).toBe("/en/location/%25FF");
    expect(readablePath("/en/business/a%C3%28b")).toBe("/en/business/a%25C3%2528b");
    expect(readablePath("/%E0%80/home")).toBe("/%25E0%2580/home");
    expect(readablePath("/en/location/100%")).toBe("/en/location/100%25");
  });

  it("keeps segments that decode, and the query, as they were", () => {
    expect(readablePath("/en/location/caf%C3%A9-%FF?q=%FF&a=1")).toBe("/en/location/caf%25C3%25A9-%25FF?q=%FF&a=1");
    expect(readablePath("/bg/%D0%B0/%ZZ")).toBe("/bg/%D0%B0/%25ZZ");
    expect(readablePath("/en/search?q=x")).toBe("/en/search?q=x");
  });
});
