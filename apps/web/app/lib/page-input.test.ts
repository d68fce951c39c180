import { describe, expect, it } from "vitest";
import {
  MAX_QUERY_VALUE_LENGTH,
  isReadablePathParameter,
  lastPageAddress,
  listPageOf,
  withoutUnreadableQuery,
} from "./page-input.ts";

describe("withoutUnreadableQuery", () => {
  it("is undefined when every parameter is readable text, however odd", () => {
    expect(withoutUnreadableQuery("")).toBeUndefined();
    expect(withoutUnreadableQuery("?q=caf%C3%A9+au+lait&city=sofia&flag&=x&&")).toBeUndefined();
    expect(withoutUnreadableQuery("?q=%EF%BF%BD%3Cscript%3E")).toBeUndefined();
  });

  it("drops parameters whose value or name holds a NUL or is not UTF-8, and keeps the rest as written", () => {
    expect(withoutUnreadableQuery("?q=a%00b&city=sofia")).toBe("?city=sofia");
    expect(withoutUnreadableQuery("?city=sofia&q=%FF&page=2")).toBe("?city=sofia&page=2");
    expect(withoutUnreadableQuery("?q=%C3%28&x%00=1&%E0%80=2&ok=caf%C3%A9")).toBe("?ok=caf%C3%A9");
    expect(withoutUnreadableQuery("?q=100%&r=%ZZ")).toBe("");
    expect(withoutUnreadableQuery("?q=%ED%A0%80")).toBe("");
  });

  it("drops values longer than the API reads", () => {
    const longest = "a".repeat(MAX_QUERY_VALUE_LENGTH);
    expect(withoutUnreadableQuery(`?q=${longest}`)).toBeUndefined();
    expect(withoutUnreadableQuery(`?q=${longest}a&page=2`)).toBe("?page=2");
  });
});

describe("isReadablePathParameter", () => {
  it("takes slugs, ids and any other text a link could hold", () => {
    for (const value of ["studio-lumiere-sofia", "42", "café", "%FF", "<script>", "a b"]) {
      expect(isReadablePathParameter(value), value).toBe(true);
    }
  });

  it("refuses control characters and text longer than any slug or id", () => {
    for (const value of ["a\u0000b", "\u0000", "line\nbreak", "tab\there", "del\u007f", "x".repeat(201)]) {
      expect(isReadablePathParameter(value), JSON.stringify(value.slice(0, 10))).toBe(false);
    }
  });
});

describe("listPageOf", () => {
  it("reads a page from 1 to 1000 and takes anything else as the first", () => {
    const at = (query: string) => listPageOf(new URL(`http://termin.test/en/notifications${query}`));
    expect([at(""), at("?page=3"), at("?page=0"), at("?page=-2"), at("?page=x"), at("?page=5000")]).toEqual([
      1, 3, 1, 1, 1, 1000,
    ]);
  });
});

describe("lastPageAddress", () => {
  const url = new URL("http://localhost/en/appointments?when=past&page=7");
  it("leads a page past the last to the last, keeping the list's other choices", () => {
    expect(lastPageAddress(url, 7, 3)).toBe("/en/appointments?when=past&page=3");
  });
  it("drops the page when the list fits on one page or is empty", () => {
    expect(lastPageAddress(url, 7, 1)).toBe("/en/appointments?when=past");
    expect(lastPageAddress(url, 7, 0)).toBe("/en/appointments?when=past");
  });
  it("leaves a page that exists where it is", () => {
    expect(lastPageAddress(url, 3, 3)).toBeUndefined();
    expect(lastPageAddress(new URL("http://localhost/en/notifications"), 1, 0)).toBeUndefined();
  });
});
