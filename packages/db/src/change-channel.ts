import { randomUUID } from "node:crypto";
import pg from "pg";
import type { DatabaseLog } from "./database.ts";

/** The NOTIFY channel server processes announce their changes on. */
const CHANGES_CHANNEL = "termin_changes";

/** How long a process waits before it tries again to hear the others, after losing or failing to open the line. */
const RETRY_MS = 1_000;

/**
 * Changes announced between the processes on one PostgreSQL database: NOTIFY through the pool, LISTEN on a
 * connection of its own, opened when the first listener comes and opened again, a second apart, for as long as it
 * is lost or the database refuses it (meanwhile what processes keep ages out by itself). A database that is away
 * never ends the process: every failure here is a warning, and once the line is back its listeners are called as
 * for a change, since what was announced meanwhile went unheard. A process ignores its own announcements.
 */
export function changeChannel(databaseUrl: string, pool: pg.Pool, log: DatabaseLog) {
  const self = randomUUID();
  const listeners = new Set<() => void>();
  let connection: Promise<pg.Client> | undefined;
  let closed = false;
  /** Whether the line was open once: a later opening follows a loss. */
  let heardBefore = false;
  /** Whether a failed attempt was already told: the next ones until the line opens are not. */
  let waiting = false;

  function retryLater(): void {
    setTimeout(() => {
      if (!closed && listeners.size > 0 && !connection) open();
    }, RETRY_MS).unref();
  }

  function open(): void {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on("notification", (message) => {
      if (message.payload !== self) for (const listener of listeners) listener();
    });
    client.on("error", (error) => {
      log.warn({ reason: error.message }, "lost the connection that hears other processes' changes; reconnecting");
      if (connection === attempt) connection = undefined;
      client.end().catch(() => undefined);
      retryLater();
    });
    const reopening = heardBefore;
    const attempt = client
      .connect()
      .then(() => client.query(`listen ${CHANGES_CHANNEL}`))
      .then(() => {
        heardBefore = true;
        waiting = false;
        // Announcements made while the line was down were missed: forget everything kept, as for a change.
        if (reopening) for (const listener of listeners) listener();
        return client;
      });
    connection = attempt;
    attempt.catch((error: Error) => {
      // A warning once per loss; each further second while the database stays away is a debug line.
      const message = "could not listen for other processes' changes; trying again";
      if (waiting) log.debug?.({ reason: error.message }, message);
      else log.warn({ reason: error.message }, message);
      waiting = true;
      if (connection === attempt) connection = undefined;
      client.end().catch(() => undefined);
      retryLater();
    });
  }

  return {
    announce(): void {
      pool.query("select pg_notify($1, $2)", [CHANGES_CHANNEL, self]).catch((error: Error) => {
        log.warn({ reason: error.message }, "could not announce a change to other processes");
      });
    },
    listen(listener: () => void): () => void {
      listeners.add(listener);
      if (!connection) open();
      return () => listeners.delete(listener);
    },
    async close(): Promise<void> {
      closed = true;
      const client = await connection?.catch(() => undefined);
      await client?.end();
    },
  };
}
