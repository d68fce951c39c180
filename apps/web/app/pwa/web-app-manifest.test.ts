import { describe, expect, it } from "vitest";
import { webAppManifest } from "./web-app-manifest.ts";

describe("webAppManifest", () => {
  const manifest = webAppManifest({
    language: "de",
    appName: "Termin",
    name: "Termin: Termine buchen",
    description: "D",
  });

  it("opens the installed app on the home page of its language, over the whole site", () => {
    expect(manifest).toMatchObject({ id: "/", start_url: "/de/home", scope: "/", display: "standalone", lang: "de" });
    expect(manifest.short_name).toBe("Termin");
  });

  it("offers the icons browsers need to install it", () => {
    const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
    expect(sizes).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
  });
});
