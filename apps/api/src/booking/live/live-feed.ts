import { randomBytes } from "node:crypto";
import type { DatabaseHandle } from "@termin/db/database";
import { holdExpiryTimer } from "./hold-expiry-timer.ts";
import { LIVE_TOPICS, freeTimesChange, holdExpiry, payloadsOf, seatsChange, type LiveChange } from "./live-changes.ts";

/** One open stream: the locations it follows, and where its text goes. */
export interface LiveStream {
  locationIds: ReadonlySet<number>;
  write(text: string): void;
  end(): void;
}

/** Changes kept for streams that reconnect (Last-Event-ID): some minutes of a busy marketplace. */
const KEPT_CHANGES = 2_000;
/**
 * A new stream first gets the changes of its locations from this long ago: those made between the page's render
 * and the stream's opening, which the page would otherwise miss.
 */
const RECENT_MS = 3_000;
/** A comment line this often keeps proxies and load balancers from closing a quiet stream. */
export const HEARTBEAT_MS = 20_000;

interface KeptChange {
  seq: number;
  at: number;
  locationId: number;
  /** The change as the stream sends it, written once for every stream. */
  text: string;
}

/** The public facts of a change, as the event's data (ids as strings, as in the API's documents). */
function eventData(change: LiveChange): string {
  if (change.kind === "free-times") {
    return JSON.stringify({
      location_id: String(change.locationId),
      from: new Date(change.from).toISOString(),
      to: new Date(change.to).toISOString(),
    });
  }
  return JSON.stringify({
    location_id: String(change.locationId),
    class_session_id: String(change.sessionId),
    seats_left: change.seatsLeft,
  });
}

/** `text/event-stream` lines of one event (the data is one line of JSON). */
export const eventText = (id: string, event: string, data: string) => `id: ${id}\nevent: ${event}\ndata: ${data}\n\n`;

/** A change's key when changes are merged: one event per location's free times, one per session's seats. */
const mergeKey = (change: LiveChange) =>
  change.kind === "free-times" ? `f${change.locationId}` : `s${change.sessionId}`;

function merged(earlier: LiveChange | undefined, change: LiveChange): LiveChange {
  if (earlier?.kind !== "free-times" || change.kind !== "free-times") return change;
  return { ...change, from: Math.min(earlier.from, change.from), to: Math.max(earlier.to, change.to) };
}

/**
 * The process's one feed of live changes (decision 0048): it listens to the database once (migration 0016's
 * topics, in every process whoever wrote) and to its hold expiry timer, and fans each change out to the open
 * streams of its location, so a thousand streams cost a thousand small records, not a thousand connections.
 * Changes heard in the same turn of the event loop are merged (one booking's statements, a burst of writes). Each
 * event has an id `{feed}-{n}`; a stream reconnecting with its last id gets what it missed, or `reset` (reload
 * what you show) when those changes are no longer kept, were made while the line was lost, or were sent by
 * another process's feed.
 */
export function createLiveFeed(database: DatabaseHandle, log: { warn(facts: object, message: string): void }) {
  const feed = randomBytes(4).toString("hex");
  /** Every open stream, and the streams of each location. */
  const all = new Set<LiveStream>();
  const streams = new Map<number, Set<LiveStream>>();
  const kept: KeptChange[] = [];
  let seq = 0;
  const pending = new Map<string, LiveChange>();
  let started = false;
  const stops: Array<() => void> = [];
  const position = () => `${feed}-${seq}`;

  function publish(): void {
    for (const change of pending.values()) {
      seq += 1;
      const text = eventText(position(), change.kind, eventData(change));
      kept.push({ seq, at: Date.now(), locationId: change.locationId, text });
      for (const stream of streams.get(change.locationId) ?? []) stream.write(text);
    }
    pending.clear();
    if (kept.length > KEPT_CHANGES) kept.splice(0, kept.length - KEPT_CHANGES);
  }

  function heard(change: LiveChange): void {
    if (pending.size === 0) setImmediate(publish);
    const key = mergeKey(change);
    pending.set(key, merged(pending.get(key), change));
  }

  /** The line to the database was lost: what was sent meanwhile is unknown, so every page reloads what it shows. */
  function missed(): void {
    kept.length = 0;
    const text = eventText(position(), "reset", "{}");
    for (const stream of all) stream.write(text);
    timer.addLiveHolds().catch(() => undefined);
  }

  const timer = holdExpiryTimer(database.db, heard);
  const malformed = (topic: string) => (reason: string) =>
    log.warn({ topic, reason }, "a live change's payload is not what migration 0016 sends; dropped");

  function start(): void {
    started = true;
    const { freeTimes, seats, holdExpiries } = LIVE_TOPICS;
    stops.push(
      database.listen(
        freeTimes.topic,
        payloadsOf(freeTimes.payload, freeTimesChange, { heard, missed, malformed: malformed(freeTimes.topic) }),
      ),
      database.listen(
        seats.topic,
        payloadsOf(seats.payload, seatsChange, { heard, missed, malformed: malformed(seats.topic) }),
      ),
      database.listen(
        holdExpiries.topic,
        payloadsOf(holdExpiries.payload, holdExpiry, {
          heard: timer.add,
          missed: () => undefined /* the other topics' `missed` reloads the live holds */,
          malformed: malformed(holdExpiries.topic),
        }),
      ),
    );
    timer.addLiveHolds().catch((error: Error) => log.warn({ reason: error.message }, "could not read live holds"));
    const heartbeat = setInterval(() => {
      for (const stream of all) stream.write(":\n\n");
    }, HEARTBEAT_MS);
    heartbeat.unref();
    stops.push(() => clearInterval(heartbeat), timer.stop);
  }

  /** The kept changes a stream missed after `lastEventId`, or null when they cannot be told (a reset). */
  function missedSince(lastEventId: string): KeptChange[] | null {
    const [ofFeed, count] = lastEventId.split("-");
    const after = Number(count);
    if (ofFeed !== feed || !Number.isSafeInteger(after) || after > seq) return null;
    const oldest = kept[0]?.seq ?? seq + 1;
    if (after < oldest - 1) return null;
    return kept.filter((change) => change.seq > after);
  }

  return {
    /**
     * Opens `stream`: first what it missed since `lastEventId` (a reconnect) or the changes of the last few
     * seconds (a new page), then each change of its locations as it is heard. Returns what closes it.
     */
    subscribe(stream: LiveStream, lastEventId: string | undefined): () => void {
      if (!started) start();
      const since =
        lastEventId === undefined
          ? kept.filter((change) => change.at >= Date.now() - RECENT_MS)
          : missedSince(lastEventId);
      if (since === null) stream.write(eventText(position(), "reset", "{}"));
      else for (const change of since) if (stream.locationIds.has(change.locationId)) stream.write(change.text);
      for (const locationId of stream.locationIds) {
        let set = streams.get(locationId);
        if (!set) streams.set(locationId, (set = new Set()));
        set.add(stream);
      }
      all.add(stream);
      return () => {
        if (!all.delete(stream)) return;
        for (const locationId of stream.locationIds) {
          const set = streams.get(locationId);
          set?.delete(stream);
          if (set?.size === 0) streams.delete(locationId);
        }
      };
    },
    /** How many streams are open in this process. */
    openStreams: () => all.size,
    /** Ends every stream (the server is draining: clients reconnect to another process) and stops listening. */
    close(): void {
      for (const stream of all) stream.end();
      all.clear();
      streams.clear();
      for (const stop of stops.splice(0)) stop();
      started = false;
    },
  };
}

export type LiveFeed = ReturnType<typeof createLiveFeed>;
