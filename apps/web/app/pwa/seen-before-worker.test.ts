import { describe, expect, it } from "vitest";
import { addressesSeenBeforeWorker } from "./seen-before-worker.ts";

const origin = "https://termin.test";

describe("addressesSeenBeforeWorker", () => {
  it("hands over the first document, the page shown now, the data and assets fetched, once each", () => {
    expect(
      addressesSeenBeforeWorker({
        document: `${origin}/bg/search?q=%D0%BC`,
        current: `${origin}/bg/search?q=%D0%BC&city=sofia#results`,
        resources: [
          `${origin}/assets/bg-abc.json`,
          `${origin}/bg/search.data?q=%D0%BC&city=sofia`,
          `${origin}/assets/bg-abc.json`,
          `${origin}/images/12?s=390`,
          `${origin}/v1c/locations?filter=x`,
          `${origin}/bg/appointments.data`,
          "https://other.test/assets/x.js",
          "https://other.test/en/home.data",
        ],
        origin,
      }),
    ).toEqual([
      `${origin}/bg/search?q=%D0%BC`,
      `${origin}/bg/search?q=%D0%BC&city=sofia`,
      `${origin}/assets/bg-abc.json`,
      `${origin}/bg/search.data?q=%D0%BC&city=sofia`,
    ]);
  });

  it("hands over no client's own page", () => {
    expect(
      addressesSeenBeforeWorker({
        document: `${origin}/en/settings`,
        current: `${origin}/en/forms`,
        resources: [],
        origin,
      }),
    ).toEqual([]);
  });

  it("hands over the page once when the visitor stayed on it", () => {
    expect(
      addressesSeenBeforeWorker({ document: `${origin}/en/home`, current: `${origin}/en/home`, resources: [], origin }),
    ).toEqual([`${origin}/en/home`]);
  });
});
