import { gt } from "drizzle-orm";
import type { Database } from "@termin/db/database";
import { bookingHolds } from "@termin/db/booking-schema";
import { seatsLeftIn } from "../sessions/find-session.ts";
import type { HoldExpiry, LiveChange } from "./live-changes.ts";

/** setTimeout's longest wait; a later expiry is waited for in steps (holds last minutes). */
const LONGEST_WAIT_MS = 2 ** 31 - 1;

const keyOf = (expiry: HoldExpiry) =>
  `${expiry.expiresAt} ${expiry.locationId} ${expiry.sessionId ?? ""} ${expiry.from} ${expiry.to}`;

/**
 * A hold frees its time or seats by expiring, and nothing is written then (the next booking there deletes it): each
 * process keeps the expiries it heard of (migration 0016's triggers, and the live holds when it starts) and one timer,
 * at the soonest, which announces what each expiry frees. The timer waits real time: a hold expires on the wall
 * clock. A hold booked or released before it expires is announced again when it would have: a page reads its
 * times once more, which is harmless.
 */
export function holdExpiryTimer(db: Database, announce: (change: LiveChange) => void) {
  const waiting = new Map<string, HoldExpiry>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function announceExpired(expiry: HoldExpiry): Promise<void> {
    if (expiry.sessionId === null) {
      announce({ kind: "free-times", locationId: expiry.locationId, from: expiry.from, to: expiry.to });
      return;
    }
    const seatsLeft = await seatsLeftIn(db, expiry.sessionId, Date.now());
    announce({ kind: "seats", locationId: expiry.locationId, sessionId: expiry.sessionId, seatsLeft });
  }

  function fire(): void {
    timer = undefined;
    const now = Date.now();
    for (const [key, expiry] of waiting) {
      if (expiry.expiresAt > now) continue;
      waiting.delete(key);
      announceExpired(expiry).catch(() => undefined /* the database is closing or away: the page reloads later */);
    }
    schedule();
  }

  function schedule(): void {
    if (stopped) return;
    let soonest = Infinity;
    for (const expiry of waiting.values()) soonest = Math.min(soonest, expiry.expiresAt);
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (soonest === Infinity) return;
    timer = setTimeout(fire, Math.min(Math.max(0, soonest - Date.now()), LONGEST_WAIT_MS));
    timer.unref();
  }

  function add(expiry: HoldExpiry): void {
    if (stopped || expiry.expiresAt <= Date.now()) return;
    waiting.set(keyOf(expiry), expiry);
    schedule();
  }

  return {
    /** Waits for this expiry too. */
    add,
    /** Waits for every hold live in the database now (at start, and after the line was lost). */
    async addLiveHolds(): Promise<void> {
      const rows = await db
        .select({
          locationId: bookingHolds.locationId,
          sessionId: bookingHolds.appointmentId,
          expiresAt: bookingHolds.expiresAt,
          from: bookingHolds.startsAt,
          to: bookingHolds.endsAt,
        })
        .from(bookingHolds)
        .where(gt(bookingHolds.expiresAt, new Date()));
      for (const row of rows) {
        add({ ...row, expiresAt: row.expiresAt.getTime(), from: row.from.getTime(), to: row.to.getTime() });
      }
    },
    stop(): void {
      stopped = true;
      if (timer) clearTimeout(timer);
      waiting.clear();
    },
  };
}
