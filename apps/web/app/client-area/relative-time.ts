import type { Language } from "@termin/domain/languages";
import { formatDate } from "../lib/format.ts";

const formats = new Map<Language, Intl.RelativeTimeFormat>();

function relativeFormat(language: Language): Intl.RelativeTimeFormat {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.RelativeTimeFormat(language, { numeric: "auto" });
    formats.set(language, format);
  }
  return format;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * When something happened, the way people say it: "now", "5 minutes ago", "yesterday", "3 days ago", and
 * the date itself after a week. Worked out on the server (loaders): browsers lack some languages' relative
 * time data (Chrome has no Macedonian), and one clock for server and page means no hydration mismatch.
 */
export function formatRelativeTime(date: Date | string, now: Date, language: Language): string {
  const elapsed = now.getTime() - new Date(date).getTime();
  const format = relativeFormat(language);
  if (elapsed < MINUTE) return format.format(0, "second");
  if (elapsed < HOUR) return format.format(-Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return format.format(-Math.floor(elapsed / HOUR), "hour");
  if (elapsed < 7 * DAY) return format.format(-Math.floor(elapsed / DAY), "day");
  return formatDate(date, language);
}

/** How soon something will happen: "in 25 minutes", "in 2 hours", "in 3 days" (rounded up: never "now" early). */
export function formatTimeUntil(date: Date | string, now: Date, language: Language): string {
  const ahead = Math.max(0, new Date(date).getTime() - now.getTime());
  const format = relativeFormat(language);
  if (ahead < HOUR) return format.format(Math.max(1, Math.ceil(ahead / MINUTE)), "minute");
  if (ahead < DAY) return format.format(Math.ceil(ahead / HOUR), "hour");
  return format.format(Math.ceil(ahead / DAY), "day");
}
