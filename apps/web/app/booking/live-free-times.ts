import { addDays } from "./local-dates.ts";

/**
 * What a page shows that others' bookings change (decision 0048): the free times of its locations over a span of
 * dates, or the seats of some class sessions. The page reads its data again when a change concerns it.
 */
export interface LiveWatch {
  locationIds: string[];
  /** The instants (ISO 8601) whose free times the page shows: a picker's window. */
  span?: { from: string; to: string };
  /** The class sessions whose seats the page shows. */
  sessionIds?: string[];
}

/** What the server sends on /v1c/free-time-changes (GET /v1c/free-time-changes in the API's document). */
export type LiveChange =
  | { event: "free-times"; location_id: string; from: string; to: string }
  | { event: "seats"; location_id: string; class_session_id: string; seats_left: number }
  | { event: "reset" };

/** A stream follows at most this many locations (the API's limit): a city's week beyond it is read on navigation. */
export const MAX_FOLLOWED_LOCATIONS = 100;

/**
 * The watch of a picker showing `firstDate` to `lastDate` (the location's dates): a day more on each side covers
 * any time zone's offset from UTC and a service that starts the evening before.
 */
export function pickerWatch(locationId: string, firstDate: string, lastDate: string): LiveWatch {
  return {
    locationIds: [locationId],
    span: { from: `${addDays(firstDate, -1)}T00:00:00Z`, to: `${addDays(lastDate, 2)}T00:00:00Z` },
  };
}

/** The watch of a list of class sessions: their seats. */
export function seatsWatch(sessions: ReadonlyArray<{ id: string; location: { id: string } | null }>): LiveWatch {
  const locationIds = new Set(sessions.flatMap((session) => (session.location ? [session.location.id] : [])));
  return { locationIds: [...locationIds], sessionIds: sessions.map((session) => session.id) };
}

/** Whether `change` may change what `watch` shows: then the page reads its data again. */
export function concerns(watch: LiveWatch, change: LiveChange): boolean {
  if (change.event === "reset") return true;
  if (!watch.locationIds.includes(change.location_id)) return false;
  if (change.event === "seats") return watch.sessionIds?.includes(change.class_session_id) ?? false;
  const { span } = watch;
  return (
    span !== undefined && Date.parse(change.from) < Date.parse(span.to) && Date.parse(change.to) > Date.parse(span.from)
  );
}
