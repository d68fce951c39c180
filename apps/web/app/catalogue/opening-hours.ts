import type { Language } from "@termin/domain/languages";
import { dateTimeFormat } from "../lib/format.ts";

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

/**
 * "09:00" in the language's short time style: "9:00 AM" in en, "09:00" in de. The style, not hour "numeric":
 * ICU narrows "HH" to "H" for a numeric hour and the FormatJS polyfill does not, so only the style reads alike.
 */
export function formatTimeOfDay(time: string, language: Language): string {
  const date = new Date(Date.UTC(2024, 0, 1, Number(time.slice(0, 2)), Number(time.slice(3, 5))));
  return dateTimeFormat(language, { timeStyle: "short", timeZone: "UTC" }).format(date);
}

const zoneNames = new Map<string, { day: string; name: string }>();

/**
 * A time zone's name for travellers ("Central European Time"). Named on the server: the FormatJS polyfill some
 * browsers format with has no generic zone names, nor zone data.
 */
export function timeZoneName(timeZone: string, language: Language, now: Date): string {
  // Asked for on every location page; a zone's name changes with its rules, never within a day.
  const key = `${timeZone}|${language}`;
  const day = now.toISOString().slice(0, 10);
  const known = zoneNames.get(key);
  if (known?.day === day) return known.name;
  const name =
    dateTimeFormat(language, { timeZone, timeZoneName: "longGeneric" })
      .formatToParts(now)
      .find((part) => part.type === "timeZoneName")?.value ?? timeZone;
  zoneNames.set(key, { day, name });
  return name;
}

/** The language's name of an ISO weekday (1 Monday). */
export function weekdayName(weekday: number, language: Language): string {
  // 2024-01-01 was a Monday.
  return dateTimeFormat(language, { weekday: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2024, 0, weekday)));
}
