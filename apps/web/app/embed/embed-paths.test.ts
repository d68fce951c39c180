import { describe, expect, it } from "vitest";
import type { Site } from "@termin/contracts/site";
import routes from "../routes.ts";
import { FRAMED_PAGES, isEmbedPath, sitePath } from "./embed-paths.ts";

const business = { id: 3, slug: "studio-fit", name: "Studio Fit", brandColor: null, soleLocation: null };
const embed: Site = { mode: "embed", origin: "https://termin.test", business, embedOrigins: [] };
const marketplace: Site = { mode: "marketplace", origin: "https://termin.test" };

describe("sitePath", () => {
  it("keeps booking pages in the frame on an embed", () => {
    expect(sitePath(embed, "bg", "book/sofia-center?service=4")).toBe(
      "/bg/embed/business/studio-fit/book/sofia-center?service=4",
    );
    expect(sitePath(embed, "en", "/checkout")).toBe("/en/embed/business/studio-fit/checkout");
    expect(sitePath(embed, "en", "appointments/12")).toBe("/en/embed/business/studio-fit/appointments/12");
  });

  it("shows a place's embedded menu for its page", () => {
    expect(sitePath(embed, "de", "location/sofia-center")).toBe("/de/embed/location-services/sofia-center");
  });

  it("shows a place's week of classes in the frame, and books a session there", () => {
    expect(sitePath(embed, "en", "classes?location=sofia-center&week=2026-12-07")).toBe(
      "/en/embed/location-classes/sofia-center",
    );
    expect(sitePath(embed, "en", "classes/81")).toBe("/en/embed/business/studio-fit/classes/81");
  });

  it("takes the widget's home, and its account pages, to its own", () => {
    expect(sitePath(embed, "en", "home")).toBe("/en/embed/business/studio-fit");
    expect(sitePath(embed, "en", "verify-email?redirectTo=%2Fx")).toBe(
      "/en/embed/business/studio-fit/verify-email?redirectTo=%2Fx",
    );
    expect(sitePath(embed, "en", "forgot-password")).toBe("/en/embed/business/studio-fit/forgot-password");
    expect(sitePath(embed, "en", "appointments/4/reschedule")).toBe(
      "/en/embed/business/studio-fit/appointments/4/reschedule",
    );
    expect(sitePath(marketplace, "en", "home")).toBe("/en/home");
  });

  it("leaves other pages, and every page elsewhere, as they are", () => {
    expect(sitePath(embed, "en", "pages/terms")).toBe("/en/pages/terms");
    expect(sitePath(marketplace, "en", "book/sofia-center")).toBe("/en/book/sofia-center");
  });
});

describe("isEmbedPath", () => {
  it("knows the embed's pages by their second segment", () => {
    expect(isEmbedPath("/en/embed/business/x/basket")).toBe(true);
    expect(isEmbedPath("/en/basket")).toBe(false);
  });
});

describe("the route table", () => {
  it("has an embed route for every page kept in the frame", () => {
    const paths = routes.flatMap((entry) => entry.children ?? []).map((entry) => entry.path ?? "");
    for (const page of FRAMED_PAGES) {
      expect(paths.some((path) => path.startsWith(`embed/business/:businessSlug/${page}`))).toBe(true);
    }
  });
});
