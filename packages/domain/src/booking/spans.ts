import type { InstantRange } from "./types.ts";

/**
 * A set of instants as sorted, disjoint, non-touching half-open spans in one flat array:
 * [start0, end0, start1, end1, ...] in epoch ms, start < end, end(i) < start(i + 1). Flat numbers keep the
 * thousands of busy intervals of a slots request cheap to sort and sweep.
 */
export type Spans = number[];

/** Spans of flat [start, end, ...] pairs in any order: empty pairs dropped, overlapping or touching ones merged. */
export function normalizeSpans(pairs: readonly number[]): Spans {
  let sorted = true;
  for (let i = 2; i < pairs.length && sorted; i += 2) sorted = (pairs[i - 2] as number) <= (pairs[i] as number);
  let source = pairs;
  if (!sorted) {
    const order = Array.from({ length: pairs.length / 2 }, (_, i) => i * 2);
    order.sort((a, b) => (pairs[a] as number) - (pairs[b] as number));
    source = order.flatMap((i) => [pairs[i] as number, pairs[i + 1] as number]);
  }
  const spans: Spans = [];
  for (let i = 0; i < source.length; i += 2) {
    const start = source[i] as number;
    const end = source[i + 1] as number;
    if (!(end > start)) continue;
    const last = spans.length - 1;
    if (last > 0 && start <= (spans[last] as number)) {
      if (end > (spans[last] as number)) spans[last] = end;
    } else spans.push(start, end);
  }
  return spans;
}

/** Spans of instant ranges in any order (ranges whose end is not after their start are left out). */
export function spansOf(ranges: readonly InstantRange[]): Spans {
  const pairs: number[] = [];
  for (const range of ranges) pairs.push(range.start, range.end);
  return normalizeSpans(pairs);
}

/** The instants in both a and b. */
export function intersectSpans(a: Spans, b: Spans): Spans {
  const result: Spans = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const start = Math.max(a[i] as number, b[j] as number);
    const end = Math.min(a[i + 1] as number, b[j + 1] as number);
    if (start < end) result.push(start, end);
    if ((a[i + 1] as number) < (b[j + 1] as number)) i += 2;
    else j += 2;
  }
  return result;
}

/** The instants in a but not in b. */
export function subtractSpans(a: Spans, b: Spans): Spans {
  const result: Spans = [];
  let j = 0;
  for (let i = 0; i < a.length; i += 2) {
    let start = a[i] as number;
    const end = a[i + 1] as number;
    while (j < b.length && (b[j + 1] as number) <= start) j += 2;
    let k = j;
    while (k < b.length && (b[k] as number) < end) {
      if ((b[k] as number) > start) result.push(start, b[k] as number);
      start = Math.max(start, b[k + 1] as number);
      k += 2;
    }
    if (start < end) result.push(start, end);
  }
  return result;
}

/** Index of the first span ending after `instant` (spans.length when none does), by binary search. */
function firstEndingAfter(spans: Spans, instant: number): number {
  let low = 0;
  let high = spans.length / 2;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((spans[middle * 2 + 1] as number) > instant) high = middle;
    else low = middle + 1;
  }
  return low * 2;
}

/** Whether [start, end) lies inside one span. */
export function containsRange(spans: Spans, start: number, end: number): boolean {
  const i = firstEndingAfter(spans, start);
  return i < spans.length && (spans[i] as number) <= start && end <= (spans[i + 1] as number);
}

/** Whether [start, end) shares an instant with the spans (touching is not sharing). */
export function overlapsRange(spans: Spans, start: number, end: number): boolean {
  const i = firstEndingAfter(spans, start);
  return i < spans.length && (spans[i] as number) < end;
}
