import { describe, expect, it } from "vitest";
import { acceptLanguageFor, isSupportedLanguage, matchAcceptLanguage } from "./languages.ts";

describe("matchAcceptLanguage", () => {
  it("picks the highest-weighted supported language", () => {
    expect(matchAcceptLanguage("ja;q=1, de-AT;q=0.8, bg;q=0.9")).toBe("bg");
  });

  it("matches a regional tag to its base language", () => {
    expect(matchAcceptLanguage("el-GR,el;q=0.9")).toBe("el");
  });

  it("keeps header order when weights tie", () => {
    expect(matchAcceptLanguage("mk, ru")).toBe("mk");
  });

  it("ignores languages refused with q=0 and answers undefined when nothing matches", () => {
    expect(matchAcceptLanguage("fr;q=0, ja")).toBeUndefined();
    expect(matchAcceptLanguage("")).toBeUndefined();
    expect(matchAcceptLanguage(null)).toBeUndefined();
  });
});

describe("isSupportedLanguage", () => {
  it("accepts the eleven languages and nothing else", () => {
    expect(isSupportedLanguage("tr")).toBe(true);
    expect(isSupportedLanguage("xx")).toBe(false);
    expect(isSupportedLanguage("EN")).toBe(false);
  });
});

describe("acceptLanguageFor", () => {
  it("puts the user's language first and English second, as the spec prescribes", () => {
    expect(acceptLanguageFor("bg")).toBe("bg;q=0.9,en;q=0.8");
  });
});
