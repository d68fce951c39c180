import { describe, expect, it } from "vitest";
import { isPublicPage } from "./public-pages.ts";

describe("isPublicPage", () => {
  it("is true for the marketplace's pages and their data", () => {
    for (const path of [
      "/en/home",
      "/bg/search",
      "/de/services",
      "/en/locations",
      "/en/location/spa-terma",
      "/en/location/spa-terma.data",
      "/en/business/barba",
      "/en/pages/terms",
      "/en/inspiration",
      "/en/inspiration/manicure",
      "/en/inspiration/view/42",
      "/en/download-application",
      // A city's classes and memberships: the same for everyone (booking one is its own page).
      "/de/classes",
      "/de/classes.data",
      "/bg/memberships",
    ]) {
      expect(isPublicPage(path), path).toBe(true);
    }
  });

  it("is false for the client's area, accounts, booking and anything else", () => {
    for (const path of [
      "/en/notifications",
      "/en/my-locations",
      "/en/appointments",
      "/en/appointments/1",
      "/en/basket",
      "/en/checkout",
      "/en/book/manicure",
      "/en/settings",
      "/en/classes/17",
      "/en/my-memberships",
      "/en/sign-in",
      "/en/personal",
      "/en/location/spa/extra",
      "/en/homes",
      "/home",
      "/",
    ]) {
      expect(isPublicPage(path), path).toBe(false);
    }
  });
});
