import { describe, expect, it } from "vitest";
import { parseByteRange } from "./byte-range.ts";

describe("parseByteRange", () => {
  it("asks for the whole file without a Range header", () => {
    expect(parseByteRange(undefined, 1000)).toEqual({ kind: "whole" });
  });

  it("reads a closed range, inclusive at both ends", () => {
    expect(parseByteRange("bytes=0-99", 1000)).toEqual({ kind: "part", start: 0, end: 99 });
    expect(parseByteRange("bytes=500-500", 1000)).toEqual({ kind: "part", start: 500, end: 500 });
  });

  it("reads an open range to the end of the file", () => {
    expect(parseByteRange("bytes=200-", 1000)).toEqual({ kind: "part", start: 200, end: 999 });
    expect(parseByteRange("bytes=0-", 1000)).toEqual({ kind: "part", start: 0, end: 999 });
  });

  it("reads a suffix range as the last bytes, the whole file when longer than it", () => {
    expect(parseByteRange("bytes=-100", 1000)).toEqual({ kind: "part", start: 900, end: 999 });
    expect(parseByteRange("bytes=-5000", 1000)).toEqual({ kind: "part", start: 0, end: 999 });
  });

  it("clips an end past the file to its last byte", () => {
    expect(parseByteRange("bytes=900-5000", 1000)).toEqual({ kind: "part", start: 900, end: 999 });
  });

  it("refuses ranges that start past the end, and empty suffixes", () => {
    expect(parseByteRange("bytes=1000-", 1000)).toEqual({ kind: "unsatisfiable" });
    expect(parseByteRange("bytes=2000-3000", 1000)).toEqual({ kind: "unsatisfiable" });
    expect(parseByteRange("bytes=-0", 1000)).toEqual({ kind: "unsatisfiable" });
    expect(parseByteRange("bytes=0-10", 0)).toEqual({ kind: "unsatisfiable" });
  });

  it("ignores what it does not serve: other units, several ranges, malformed or reversed ranges", () => {
    for (const header of ["items=0-5", "bytes=0-5,10-20", "bytes=abc", "bytes=-", "bytes=50-10", "0-10"]) {
      expect(parseByteRange(header, 1000), header).toEqual({ kind: "whole" });
    }
  });
});
