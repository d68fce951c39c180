import { describe, expect, it } from "vitest";
import { safeReturnPath } from "./redirects.ts";

describe("safeReturnPath", () => {
  it("keeps a path of this site with its query", () => {
    expect(safeReturnPath("/bg/forms?status=pending", "/bg/home")).toBe("/bg/forms?status=pending");
  });

  it("refuses other sites, protocol-relative and backslash tricks", () => {
    for (const value of ["https://evil.test/", "//evil.test", "/\\evil.test", "javascript:alert(1)", ""]) {
      expect(safeReturnPath(value, "/en/home")).toBe("/en/home");
    }
  });

  it("falls back when nothing was given", () => {
    expect(safeReturnPath(null, "/en/home")).toBe("/en/home");
  });
});
