/** What a `Range` request header asks of a file of a given size (RFC 9110, section 14). */
export type ByteRange =
  /** No usable range: send the whole file with 200 (also for syntax we do not serve, as the RFC allows). */
  | { kind: "whole" }
  /** Bytes start..end inclusive, for a 206. */
  | { kind: "part"; start: number; end: number }
  /** A well-formed range that lies past the end of the file: 416. */
  | { kind: "unsatisfiable" };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/i;

/**
 * Reads a single byte range: `bytes=0-99`, `bytes=100-` (to the end) or `bytes=-500` (the last 500 bytes).
 * Several ranges in one header are answered with the whole file: players ask for one at a time.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange {
  if (header === undefined) return { kind: "whole" };
  const match = SINGLE_RANGE.exec(header.trim());
  if (!match) return { kind: "whole" };
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return { kind: "whole" };
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "part", start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? Infinity : Number(last);
  if (end < start) return { kind: "whole" };
  if (start >= size) return { kind: "unsatisfiable" };
  return { kind: "part", start, end: Math.min(end, size - 1) };
}
