import { randomUUID } from "node:crypto";
import pg from "pg";

/** The NOTIFY channel server processes announce their changes on. */
const CHANGES_CHANNEL = "termin_changes";

/**
 * Changes announced between the processes on one PostgreSQL database: NOTIFY through the pool, LISTEN on a
 * connection of its own, opened when the first listener comes (and again a second after it is lost; meanwhile
 * what processes keep ages out by itself). A process ignores its own announcements.
 */
export function changeChannel(databaseUrl: string, pool: pg.Pool) {
  const self = randomUUID();
  const listeners = new Set<() => void>();
  let connection: Promise<pg.Client> | undefined;
  let closed = false;

  function connect() {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on("notification", (message) => {
      if (message.payload !== self) for (const listener of listeners) listener();
    });
    client.on("error", (error) => {
      console.warn(`Lost the connection that hears other processes' changes (${error.message}); reconnecting.`);
      connection = undefined;
      client.end().catch(() => undefined);
      setTimeout(() => {
        if (!closed && listeners.size > 0) connection ??= connect();
      }, 1_000).unref();
    });
    return client
      .connect()
      .then(() => client.query(`listen ${CHANGES_CHANNEL}`))
      .then(() => client);
  }

  return {
    announce(): void {
      pool.query("select pg_notify($1, $2)", [CHANGES_CHANNEL, self]).catch((error: Error) => {
        console.warn(`Could not announce a change to other processes: ${error.message}`);
      });
    },
    listen(listener: () => void): () => void {
      listeners.add(listener);
      connection ??= connect();
      connection.catch((error: Error) =>
        console.warn(`Could not listen for other processes' changes: ${error.message}`),
      );
      return () => listeners.delete(listener);
    },
    async close(): Promise<void> {
      closed = true;
      const client = await connection?.catch(() => undefined);
      await client?.end();
    },
  };
}
