import { describe, expect, it } from "vitest";
import { findBodyProblem, findQueryProblem, MAX_BODY_DEPTH, unstorableText } from "./storable-input.ts";

describe("unstorableText", () => {
  it("accepts any well-formed text, scripts and emoji included", () => {
    expect(unstorableText("маникюр μανικιούρ 💅 ß")).toBeUndefined();
  });

  it("refuses NUL and lone surrogates", () => {
    expect(unstorableText("a\u0000b")).toBe("contains a NUL character");
    expect(unstorableText("\ud800")).toBe("is not valid Unicode text");
    expect(unstorableText("x\udc00")).toBe("is not valid Unicode text");
  });
});

describe("findQueryProblem", () => {
  it("passes ordinary queries, '+' as a space and percent-encoded UTF-8", () => {
    expect(findQueryProblem("filter%5Bq%5D=%D0%BC%D0%B0+x&page[size]=5&include")).toBeUndefined();
  });

  it("names the parameter whose value is not UTF-8, holds NUL or is too long", () => {
    expect(findQueryProblem("a=1&filter%5Bslug%5D=%FF")).toEqual({
      parameter: "filter[slug]",
      detail: "filter[slug] is not UTF-8 percent-encoded text.",
    });
    expect(findQueryProblem("q=%ED%A0%80")?.parameter).toBe("q");
    expect(findQueryProblem("q=a%00b")).toEqual({ parameter: "q", detail: "q contains a NUL character." });
    expect(findQueryProblem(`q=${"x".repeat(1_001)}`)?.detail).toBe("q is longer than 1000 characters.");
  });

  it("refuses a name that is not text, and too many parameters", () => {
    expect(findQueryProblem("%FF=1")?.parameter).toBe("query");
    const many = Array.from({ length: 51 }, (_, i) => `p${i}=1`).join("&");
    expect(findQueryProblem(many)?.detail).toBe("A request takes at most 50 query parameters.");
    expect(findQueryProblem(Array.from({ length: 50 }, (_, i) => `p${i}=1`).join("&"))).toBeUndefined();
  });
});

describe("findBodyProblem", () => {
  it("passes a JSON:API document", () => {
    expect(
      findBodyProblem({ data: { type: "x", attributes: { note: "hi", list: [1, "два", null] } } }),
    ).toBeUndefined();
  });

  it("points at the bad value or member name, escaping the pointer", () => {
    expect(findBodyProblem({ data: { attributes: { "a/b": "x\u0000" } } })).toEqual({
      pointer: "/data/attributes/a~1b",
      detail: "This value contains a NUL character.",
    });
    expect(findBodyProblem({ list: ["ok", "\ud800"] })?.pointer).toBe("/list/1");
    expect(findBodyProblem({ ["bad\u0000"]: 1 })?.detail).toBe("This member's name contains a NUL character.");
    expect(findBodyProblem("\u0000")?.pointer).toBe("/");
  });

  it("stops at the depth limit without recursing", () => {
    let deep: unknown = [];
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(findBodyProblem(deep)?.detail).toBe(`The body nests deeper than ${MAX_BODY_DEPTH} levels.`);
    let allowed: unknown = "x";
    for (let level = 0; level < MAX_BODY_DEPTH; level++) allowed = [allowed];
    expect(findBodyProblem(allowed)).toBeUndefined();
  });
});
