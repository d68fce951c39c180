import { describe, expect, it } from "vitest";
import { imageSrcSet, inspirationImageSide } from "./image-sources.ts";

describe("inspirationImageSide", () => {
  it("takes the larger side, at least 390, times the pixel ratio, rounded up to a rendered size", () => {
    expect(inspirationImageSide({ width: 180, height: 240 }, 1)).toBe(390);
    expect(inspirationImageSide({ width: 180, height: 240 }, 2)).toBe(780);
    expect(inspirationImageSide({ width: 375, height: 500 }, 2)).toBe(1170);
    expect(inspirationImageSide({ width: 375, height: 500 }, 3)).toBe(1560);
  });

  it("caps the multiplier at 3 and never goes below 1", () => {
    expect(inspirationImageSide({ width: 390, height: 390 }, 4)).toBe(1170);
    expect(inspirationImageSide({ width: 390, height: 390 }, 0.5)).toBe(390);
  });
});

describe("imageSrcSet", () => {
  it("gives each candidate its true width, narrower than the side for portraits", () => {
    const set = imageSrcSet({ url: "/images/7", width: 600, height: 800, alt: "" }, 480);
    expect(set).toBe(
      "/images/7?s=96 72w, /images/7?s=128 96w, /images/7?s=160 120w, /images/7?s=256 192w, /images/7?s=390 293w, /images/7?s=480 360w",
    );
  });
});

describe("imageSrcSet for the Look Book", () => {
  it("starts at the inspiration minimum when asked", () => {
    const set = imageSrcSet({ url: "/images/3", width: 800, height: 800, alt: "" }, 780, 390);
    expect(set).toBe("/images/3?s=390 390w, /images/3?s=480 480w, /images/3?s=640 640w, /images/3?s=780 780w");
  });
});
