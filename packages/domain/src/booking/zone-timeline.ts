import { tzOffset } from "@date-fns/tz";
import { DAY_MS, formatLocalDate, MINUTE_MS, TWO_DIGITS } from "./calendar.ts";

/**
 * A time zone's UTC offsets over a window of time, as constant-offset segments: segment i runs from starts[i]
 * (the first is -Infinity) to starts[i + 1] (the last to +Infinity) with offsets[i] ms. Built with a few calls to
 * the zone database (one a day, then a bisection per transition); afterwards offsets and wall-clock conversions
 * are arithmetic. Outside the window the first and last offsets are assumed to last.
 */
export interface ZoneTimeline {
  starts: number[];
  offsets: number[];
}

/** The zone's UTC offset in ms at an instant, from the runtime's zone database (Intl, through @date-fns/tz). */
export function zoneOffsetMs(timeZone: string, epochMs: number): number {
  const minutes = tzOffset(timeZone, new Date(epochMs));
  if (Number.isNaN(minutes)) throw new RangeError(`Unknown time zone: ${JSON.stringify(timeZone)}`);
  // Offsets of the local mean time before 1900 have seconds: round those to whole ms.
  return Math.round(minutes * MINUTE_MS);
}

/**
 * The first instant in (before, after] with the offset of `after`, by bisection. The zone database's transitions
 * fall on whole seconds, so the search runs over seconds (17 steps for a day) and is still exact.
 */
function transitionBetween(timeZone: string, before: number, after: number, offsetBefore: number): number {
  let low = Math.floor(before / 1000);
  let high = Math.ceil(after / 1000);
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (zoneOffsetMs(timeZone, middle * 1000) === offsetBefore) low = middle;
    else high = middle;
  }
  return Math.max(high * 1000, before + 1);
}

/**
 * The zone's offsets between two instants. Sampled once a day: a zone that changes its offset and changes it back
 * within one day is not seen (no zone does; transitions are weeks apart).
 */
export function buildZoneTimeline(timeZone: string, fromMs: number, toMs: number): ZoneTimeline {
  const starts = [-Infinity];
  const offsets = [zoneOffsetMs(timeZone, fromMs)];
  let previous = fromMs;
  let previousOffset = offsets[0] as number;
  while (previous < toMs) {
    const next = Math.min(previous + DAY_MS, toMs);
    const offset = zoneOffsetMs(timeZone, next);
    if (offset !== previousOffset) {
      starts.push(transitionBetween(timeZone, previous, next, previousOffset));
      offsets.push(offset);
      previousOffset = offset;
    }
    previous = next;
  }
  return { starts, offsets };
}

/** The offset in ms in force at an instant. */
export function offsetAt(timeline: ZoneTimeline, epochMs: number): number {
  const { starts, offsets } = timeline;
  let i = starts.length - 1;
  while (epochMs < (starts[i] as number)) i -= 1;
  return offsets[i] as number;
}

/**
 * The instant of a wall-clock time, given as ms since 1970-01-01T00:00 on the local calendar (as if it were UTC).
 * A time repeated when clocks go back is the earlier instant; a time skipped when clocks go forward is moved forward
 * by the gap (02:30 in a 02:00-03:00 gap is 03:30), as Temporal's "compatible" disambiguation does.
 */
export function wallToEpochMs(timeline: ZoneTimeline, wallMs: number): number {
  const { starts, offsets } = timeline;
  let earliest = Infinity;
  for (let i = 0; i < starts.length; i += 1) {
    const instant = wallMs - (offsets[i] as number);
    const end = i + 1 < starts.length ? (starts[i + 1] as number) : Infinity;
    if (instant >= (starts[i] as number) && instant < end && instant < earliest) earliest = instant;
  }
  if (earliest !== Infinity) return earliest;
  // In a gap: the wall time lies between the transition read with the offset before it and with the one after.
  for (let i = 1; i < starts.length; i += 1) {
    const transition = starts[i] as number;
    const before = offsets[i - 1] as number;
    if (wallMs >= transition + before && wallMs < transition + (offsets[i] as number)) return wallMs - before;
  }
  throw new Error(`No instant for wall time ${wallMs}: the zone timeline is inconsistent`);
}

const offsetTexts = new Map<number, string>();

/** "+02:00", "-03:30", "+00:00" for UTC; seconds only when the offset has some (local mean time). */
export function formatOffset(offsetMs: number): string {
  let text = offsetTexts.get(offsetMs);
  if (text === undefined) {
    const sign = offsetMs < 0 ? "-" : "+";
    const totalSeconds = Math.round(Math.abs(offsetMs) / 1000);
    const pad = (value: number) => String(value).padStart(2, "0");
    const hours = Math.floor(totalSeconds / 3600);
    const minutes = Math.floor(totalSeconds / 60) % 60;
    const seconds = totalSeconds % 60;
    text = `${sign}${pad(hours)}:${pad(minutes)}${seconds === 0 ? "" : `:${pad(seconds)}`}`;
    offsetTexts.set(offsetMs, text);
  }
  return text;
}

/** ISO 8601 with the given offset, to the second: "2026-12-01T10:00:00+02:00" (milliseconds dropped). */
export function formatWithOffset(epochMs: number, offsetMs: number): string {
  const wallSeconds = Math.floor((epochMs + offsetMs) / 1000);
  const days = Math.floor(wallSeconds / 86_400);
  const second = wallSeconds - days * 86_400;
  const time = `${TWO_DIGITS[Math.floor(second / 3600)]}:${TWO_DIGITS[Math.floor(second / 60) % 60]}:${TWO_DIGITS[second % 60]}`;
  return `${formatLocalDate(days)}T${time}${formatOffset(offsetMs)}`;
}
