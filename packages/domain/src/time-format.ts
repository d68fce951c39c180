import { localMomentAt } from "./booking/local-time.ts";
import type { Language } from "./languages.ts";

/**
 * Times of day as every page, notice, mail and calendar file writes them: one clock per language, so a language
 * never shows "9:00" beside "09:00–09:45". Built on the language's short time style (CLDR's own convention:
 * "9:00 AM" in en, "09:00" in de, "9:00" in bg) except where its people book by another clock (decision 0035).
 */

/** Languages whose booking sites use the 24-hour clock where CLDR's default is 12-hour ("11:00 π.μ." in el). */
const HOUR_CYCLE: Partial<Record<Language, "h23">> = { el: "h23" };

// Intl formatters are costly to build and pages and notices write hundreds of times: one per language, zone, style.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(language: Language, timeZone: string, withDate: boolean): Intl.DateTimeFormat {
  const key = `${language}|${timeZone}|${withDate}`;
  let format = formatters.get(key);
  if (!format) {
    const hourCycle = HOUR_CYCLE[language];
    format = new Intl.DateTimeFormat(language, {
      timeZone,
      timeStyle: "short",
      ...(withDate ? { dateStyle: "full" } : {}),
      ...(hourCycle ? { hourCycle } : {}),
    });
    formatters.set(key, format);
  }
  return format;
}

/** A moment's time of day at a zone's clock: "09:00" in de, "9:00 AM" in en. */
export function formatClockTime(moment: Date, language: Language, timeZone: string): string {
  return formatter(language, timeZone, false).format(moment);
}

/** A moment with its full date, in the language's own way of joining them: "Donnerstag, 12. März 2026 um 09:00". */
export function formatDateAndTime(moment: Date, language: Language, timeZone: string): string {
  return formatter(language, timeZone, true).format(moment);
}

/**
 * The dash between two times: spaced when a time has a space of its own ("9:00 AM – 9:45 AM"), else closed up
 * ("09:00–09:45"). Fixed here rather than read from Intl's range patterns: those add words a single time has not
 * ("9:00 ч. – 9:45 ч." in bg), and their spacing differs between ICU versions (Node's and a browser's), which
 * would fail hydration of a page that formats in both.
 */
const rangeDash = (time: string) => (/\s/.test(time) ? "\u2009–\u2009" : "–");

/** Whether a span starts and ends on one day at the zone's clock (an end at midnight belongs to the day it ends). */
export function isWithinOneDay(start: Date, end: Date, timeZone: string): boolean {
  const day = (epochMs: number) => localMomentAt(epochMs, timeZone).date;
  return day(start.getTime()) === day(end.getTime() - 1);
}

/**
 * From one moment to another, each as formatClockTime writes it ("09:00–09:45"); with their dates when they are on
 * different days at the zone's clock (an end at midnight still belongs to the day it ends).
 */
export function formatClockRange(start: Date, end: Date, language: Language, timeZone: string): string {
  const write = isWithinOneDay(start, end, timeZone) ? formatClockTime : formatDateAndTime;
  const [from, to] = [write(start, language, timeZone), write(end, language, timeZone)];
  return `${from}${rangeDash(from)}${to}`;
}
