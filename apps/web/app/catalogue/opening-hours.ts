import type { Language } from "@termin/domain/languages";
import { formatClockRange, formatClockTime } from "@termin/domain/time-format";
import { dateTimeFormat, keepOnOneLine } from "../lib/format.ts";

/** An opening span in the location's local time: ISO weekday (1 Monday ... 7 Sunday), "HH:MM" times. */
export interface OpeningSpan {
  weekday: number;
  opensAt: string;
  closesAt: string;
}

export type OpenStatus =
  | { open: true; closesAt: string }
  | { open: false; opensAt: string; weekday: number; today: boolean }
  | { open: false; opensAt: null };

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/** The weekday and minute of the day at `now` in a time zone (the location's, not the visitor's). */
export function localMoment(now: Date, timeZone: string): { weekday: number; minute: number } {
  const parts = dateTimeFormat("en-US", {
    timeZone,
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return {
    weekday: WEEKDAYS.indexOf(part("weekday")) + 1,
    minute: Number(part("hour")) * 60 + Number(part("minute")),
  };
}

/** Open now (and until when), or when it opens next, in the location's time zone. */
export function openStatus(spans: readonly OpeningSpan[], timeZone: string, now: Date): OpenStatus {
  const { weekday, minute } = localMoment(now, timeZone);
  const current = spans.find(
    (span) => span.weekday === weekday && minutesOf(span.opensAt) <= minute && minute < minutesOf(span.closesAt),
  );
  if (current) return { open: true, closesAt: current.closesAt };
  for (let ahead = 0; ahead < 8; ahead += 1) {
    const day = ((weekday - 1 + ahead) % 7) + 1;
    const next = spans
      .filter((span) => span.weekday === day && (ahead > 0 || minutesOf(span.opensAt) > minute))
      .sort((a, b) => minutesOf(a.opensAt) - minutesOf(b.opensAt))[0];
    if (next) return { open: false, opensAt: next.opensAt, weekday: day, today: ahead === 0 };
  }
  return { open: false, opensAt: null };
}

/** An "HH:MM" wall-clock time as a moment of a day on the UTC clock ("24:00" is the next day's midnight). */
const onUtcClock = (time: string) => new Date(Date.UTC(2024, 0, 1, Number(time.slice(0, 2)), Number(time.slice(3, 5))));

/**
 * "09:00" as the language writes a time of day (the one clock of time-format.ts): "9:00 AM" in en, "09:00" in de.
 * Built on the short time style, not hour "numeric": ICU narrows "HH" to "H" for a numeric hour and the FormatJS
 * polyfill does not, so only the style reads alike.
 */
export function formatTimeOfDay(time: string, language: Language): string {
  return formatClockTime(onUtcClock(time), language, "UTC");
}

/**
 * "09:00–18:00": two "HH:MM" wall-clock times of one day, as formatClockRange writes a range, never broken over two
 * lines.
 */
export function formatTimesOfDay(from: string, to: string, language: Language): string {
  return keepOnOneLine(formatClockRange(onUtcClock(from), onUtcClock(to), language, "UTC"));
}

const zoneNames = new Map<string, { day: string; name: string }>();

const zoneNameOf = (
  timeZone: string,
  language: Language,
  now: Date,
  style: Intl.DateTimeFormatOptions["timeZoneName"],
) =>
  dateTimeFormat(language, { timeZone, timeZoneName: style })
    .formatToParts(now)
    .find((part) => part.type === "timeZoneName")?.value ?? timeZone;

/**
 * A time zone's name for travellers: its generic name, the same in summer and winter ("Central European Time"). A
 * zone whose region has none (Britain) gets from Intl only a country in a frame ("Ώρα (Ηνωμένο Βασίλειο)", the same
 * as its short generic name): then the name of its time now ("Μέση ώρα Γκρίνουιτς", "British Summer Time"), unless
 * that is a bare offset ("GMT+03:00"), which says less than the country. Named on the server: the FormatJS polyfill
 * some browsers format with has no generic zone names, nor zone data.
 */
export function timeZoneName(timeZone: string, language: Language, now: Date): string {
  // Asked for on every location page; a zone's name changes with its rules and seasons, never within a day.
  const key = `${timeZone}|${language}`;
  const day = now.toISOString().slice(0, 10);
  const known = zoneNames.get(key);
  if (known?.day === day) return known.name;
  const generic = zoneNameOf(timeZone, language, now, "longGeneric");
  const seasonal = zoneNameOf(timeZone, language, now, "long");
  const onlyTheCountry = generic === zoneNameOf(timeZone, language, now, "shortGeneric");
  const name = onlyTheCountry && !/\d/.test(seasonal) ? seasonal : generic;
  zoneNames.set(key, { day, name });
  return name;
}

/** The language's name of an ISO weekday (1 Monday). */
export function weekdayName(weekday: number, language: Language): string {
  // 2024-01-01 was a Monday.
  return dateTimeFormat(language, { weekday: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2024, 0, weekday)));
}
