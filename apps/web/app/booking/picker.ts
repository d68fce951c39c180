import type { LiveWatch } from "./live-free-times.ts";

/** What the time picker shows: worded by the page's load (picker-data.ts), so a server-rendered page hydrates alike. */
export interface PickerDay {
  date: string;
  weekday: number;
  inRange: boolean;
  free: boolean;
  today: boolean;
  /** The day of the month as written in the language ("1", "1."). */
  number: string;
  /** "Tuesday, 1 December". */
  label: string;
}

export interface PickerTime {
  startsAt: string;
  endsAt: string;
  employeeIds: string[];
  /** "10:00" or "10:00 AM": the location's clock. */
  label: string;
}

export interface PickerData {
  timeZone: string;
  timeZoneName: string;
  /** "November – December 2026". */
  title: string;
  previous: string | null;
  next: string | null;
  /** Short weekday names, Monday first. */
  weekdays: string[];
  days: PickerDay[];
  selectedDate: string | null;
  selectedDateLabel: string | null;
  times: PickerTime[];
  /** The location and span whose changes it follows while open (use-live-free-times.ts). */
  live: LiveWatch;
}

/** The page's address with some query parameters changed (null removes one). */
export function withParams(search: string, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
  const query = params.toString();
  return query ? `?${query}` : "?";
}
