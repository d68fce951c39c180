import { describe, expect, it } from "vitest";
import { parseTrackingRecord, trackingFromArrival } from "./tracking.ts";

const now = new Date("2026-11-22T10:00:00.500Z");
const platforms = ["web"];

describe("trackingFromArrival", () => {
  it("records an arrival from another site with a unix time in seconds", () => {
    const record = trackingFromArrival({
      url: new URL("https://termin.app/bg/home"),
      referrer: "https://www.google.com/",
      now,
      platforms,
    });
    expect(record).toEqual({
      referrer: "https://www.google.com/",
      landing_page: "/bg/home",
      unixtime: 1795341600,
      platforms: ["web"],
    });
  });

  it("records a campaign link even without a referrer", () => {
    const record = trackingFromArrival({
      url: new URL("https://termin.app/en/home?utm_source=newsletter"),
      referrer: null,
      now,
      platforms,
    });
    expect(record?.landing_page).toBe("/en/home?utm_source=newsletter");
    expect(record?.referrer).toBe("");
  });

  it("ignores navigation inside the site and direct visits", () => {
    const url = new URL("https://termin.app/en/pages/terms");
    expect(trackingFromArrival({ url, referrer: "https://termin.app/en/home", now, platforms })).toBeUndefined();
    expect(trackingFromArrival({ url, referrer: null, now, platforms })).toBeUndefined();
  });
});

describe("parseTrackingRecord", () => {
  it("reads back a stored record and rejects damaged ones", () => {
    const stored = JSON.stringify({ referrer: "", landing_page: "/", unixtime: 1, platforms: ["web"] });
    expect(parseTrackingRecord(stored)?.landing_page).toBe("/");
    expect(parseTrackingRecord("{not json")).toBeUndefined();
    expect(parseTrackingRecord(JSON.stringify({ landing_page: 3 }))).toBeUndefined();
  });
});
