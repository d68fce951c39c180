import { sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Database } from "@termin/db/database";
import { rawRows } from "@termin/db/raw-rows";

/**
 * What the slot engine reads for one service price at one location over a range of dates, kept in memory per
 * database (decision 0045) and keyed by the location's claims version: a trigger on booking_claims gives the
 * location a new version as every transaction that changed its claims commits (booking, cancelling,
 * holding, releasing, moving, whatever code path or process wrote it), so a reader that reads the version first
 * never uses claims older than what was committed when it asked. The rest (hours, shifts, time off, resources) is
 * written by requests: those forget everything kept here in every process (data-changes.ts, forgetFreeTimes), and
 * what nothing announced (a script) ages out after MAX_AGE_MS. Nothing kept depends on the clock: expired holds are
 * left out when the rows are used, so a hold frees its time the moment it expires.
 */

/** The longest a kept read is used, for writes that announce nothing and change no claim (scripts, the seed). */
const MAX_AGE_MS = 60_000;
/** Reads kept per database, the one made longest ago out first (one is about 100 KB for 31 days at 10 employees). */
const MAX_ENTRIES = 200;

interface Kept<T> {
  version: string;
  madeAt: number;
  rows: Promise<T>;
}

const keptPerDatabase = new WeakMap<object, Map<string, Kept<unknown>>>();

const queuedPerDatabase = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * One read for all who ask for `key` before it is sent: it is sent on the event loop's next turn, after each of them
 * asked, so it sees every commit any of them could know of (100 requests racing for one time read the location's
 * version or context once, not 100 times). In a transaction, the transaction's own read.
 */
export function sharedRead<T>(db: Database, key: string, read: () => Promise<T>): Promise<T> {
  if (db instanceof PgTransaction) return read();
  let queued = queuedPerDatabase.get(db);
  if (!queued) {
    queued = new Map();
    queuedPerDatabase.set(db, queued);
  }
  const found = queued.get(key);
  if (found) return found as Promise<T>;
  const map = queued;
  const reading = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
    map.delete(key);
    return read();
  });
  map.set(key, reading);
  return reading;
}

/** The location's claims version ("0" before its first claim), read before the claims it keys. */
export function claimsVersion(db: Database, locationId: number): Promise<string> {
  return sharedRead(db, `version:${locationId}`, async () => {
    const [row] = await rawRows<{ version: string }>(
      db,
      sql`select version::text as version from location_claim_versions where location_id = ${locationId}`,
    );
    return row?.version ?? "0";
  });
}

/**
 * The rows `read` reads, from memory when the location's claims have the same version as when they were read (the
 * first of several requests asking at once reads them, the others wait for it). `known.version`: the version read a
 * moment before by the caller, with nothing read since. Inside a transaction the rows are read afresh and not kept:
 * they may hold its own writes, which nobody else may see before it commits.
 */
export async function keptRead<T>(
  db: Database,
  locationId: number,
  key: string,
  read: () => Promise<T>,
  known: { version?: string | undefined } = {},
): Promise<T> {
  if (db instanceof PgTransaction) return read();
  let kept = keptPerDatabase.get(db);
  if (!kept) {
    kept = new Map();
    keptPerDatabase.set(db, kept);
  }
  const version = known.version ?? (await claimsVersion(db, locationId));
  const now = Date.now();
  const found = kept.get(key) as Kept<T> | undefined;
  if (found && found.version === version && now - found.madeAt < MAX_AGE_MS) return found.rows;
  const entry: Kept<T> = { version, madeAt: now, rows: read() };
  kept.delete(key);
  kept.set(key, entry);
  if (kept.size > MAX_ENTRIES) kept.delete(kept.keys().next().value as string);
  const map = kept;
  entry.rows.catch(() => {
    if (map.get(key) === entry) map.delete(key);
  });
  return entry.rows;
}

/** Forgets every read kept for this database: data changed (data-changes.ts), here or in another process. */
export function forgetFreeTimes(db: Database): void {
  keptPerDatabase.get(db)?.clear();
}
