import { describe, expect, it } from "vitest";
import { notificationTarget } from "./notification-target.ts";

describe("notificationTarget", () => {
  it("opens an in-app path in the page language", () => {
    expect(notificationTarget("/forms", "bg")).toBe("/bg/forms");
    expect(notificationTarget("/location/studio-lozenets?tab=reviews#top", "en")).toBe(
      "/en/location/studio-lozenets?tab=reviews#top",
    );
    expect(notificationTarget("/", "de")).toBe("/de/home");
  });

  it("keeps a language the path already names", () => {
    expect(notificationTarget("/ru/appointments", "en")).toBe("/ru/appointments");
  });

  it("goes home without a URL, and for anything that would leave the site", () => {
    for (const url of [
      null,
      "",
      "https://evil.test/x",
      "//evil.test/x",
      "/\\evil.test",
      "javascript:alert(1)",
      "forms",
    ]) {
      expect(notificationTarget(url, "en"), String(url)).toBe("/en/home");
    }
  });
});
