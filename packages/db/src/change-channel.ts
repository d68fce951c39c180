import { randomUUID } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { DatabaseLog } from "./database.ts";

/** What hears one topic of the database's notifications. */
export interface TopicListener {
  /** A payload sent on the topic, by NOTIFY or `pg_notify` in any process (this one's too), as its transaction committed. */
  heard(payload: string): void;
  /** The line was lost and is back: whatever was sent meanwhile went unheard. */
  missed(): void;
}

/**
 * PostgreSQL's NOTIFY and LISTEN, on either engine: what a transaction sends with `pg_notify(topic, payload)` reaches
 * every listener of every process on the database when it commits, and never when it rolls back.
 */
export interface NotificationChannel {
  notify(topic: string, payload: string): void;
  /** Returns what stops `listener`. */
  listen(topic: string, listener: TopicListener): () => void;
  close(): Promise<void>;
}

/** Topics are written into LISTEN as identifiers: lower-case words only. */
const TOPIC = /^[a-z][a-z0-9_]{0,62}$/;

function checkedTopic(topic: string): string {
  if (!TOPIC.test(topic)) throw new Error(`A notification topic is a lower-case identifier, not ${topic}`);
  return topic;
}

/** The listeners of each topic, and the calls that tell them. */
function topicListeners() {
  const byTopic = new Map<string, Set<TopicListener>>();
  return {
    byTopic,
    add(topic: string, listener: TopicListener): { first: boolean; remove: () => void } {
      let listeners = byTopic.get(topic);
      const first = !listeners;
      if (!listeners) byTopic.set(topic, (listeners = new Set()));
      listeners.add(listener);
      return { first, remove: () => listeners.delete(listener) };
    },
    heard(topic: string, payload: string): void {
      for (const listener of byTopic.get(topic) ?? []) listener.heard(payload);
    },
    missedAll(): void {
      for (const listeners of byTopic.values()) for (const listener of listeners) listener.missed();
    },
  };
}

/** How long a process waits before it tries again to listen, after losing or failing to open the line. */
const RETRY_MS = 1_000;

/**
 * PostgreSQL: NOTIFY through the pool, LISTEN on one connection of the process's own for every topic, opened when
 * the first listener comes and opened again, a second apart, for as long as it is lost or the database refuses it.
 * A database that is away never ends the process: every failure here is a warning, and once the line is back its
 * listeners are told they missed what was sent meanwhile.
 */
export function postgresNotifications(databaseUrl: string, pool: pg.Pool, log: DatabaseLog): NotificationChannel {
  const listeners = topicListeners();
  let connection: Promise<pg.Client> | undefined;
  let lateListens: Promise<unknown> = Promise.resolve();
  let closed = false;
  /** Whether the line was open once: a later opening follows a loss. */
  let heardBefore = false;
  /** Whether a failed attempt was already told: the next ones until the line opens are not. */
  let waiting = false;

  function retryLater(): void {
    setTimeout(() => {
      if (!closed && listeners.byTopic.size > 0 && !connection) open();
    }, RETRY_MS).unref();
  }

  function open(): void {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on("notification", (message) => listeners.heard(message.channel, message.payload ?? ""));
    client.on("error", (error) => {
      log.warn({ reason: error.message }, "lost the connection that hears other processes' changes; reconnecting");
      if (connection === attempt) connection = undefined;
      client.end().catch(() => undefined);
      retryLater();
    });
    const reopening = heardBefore;
    const attempt = client
      .connect()
      .then(() => client.query([...listeners.byTopic.keys()].map((topic) => `listen ${topic}`).join("; ")))
      .then(() => {
        heardBefore = true;
        waiting = false;
        if (reopening) listeners.missedAll();
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
    notify(topic, payload) {
      pool.query("select pg_notify($1, $2)", [checkedTopic(topic), payload]).catch((error: Error) => {
        log.warn({ reason: error.message }, "could not announce a change to other processes");
      });
    },
    listen(topic, listener) {
      const { first, remove } = listeners.add(checkedTopic(topic), listener);
      if (!connection) open();
      // An open line listens to a new topic at once; a line still opening listens to every topic it has then.
      else if (first) {
        const line = connection;
        // One statement at a time on the line: topics added together listen one after the other.
        lateListens = lateListens
          .then(() => line)
          .then((client) => client.query(`listen ${topic}`))
          .catch(() => undefined /* the line's own handlers reopen it, with every topic */);
      }
      return remove;
    },
    async close() {
      closed = true;
      const client = await connection?.catch(() => undefined);
      await client?.end();
    },
  };
}

/**
 * PGlite: its own LISTEN, in process (one process has the database). A notification comes with the answer to the
 * statement that committed it, so listeners hear it before the writer's request answers.
 */
export function pgliteNotifications(client: PGlite, log: DatabaseLog): NotificationChannel {
  const listeners = topicListeners();
  const stops: Array<Promise<unknown>> = [];
  const warn = (message: string) => (error: Error) => log.warn({ reason: error.message }, message);
  return {
    notify(topic, payload) {
      client.query("select pg_notify($1, $2)", [checkedTopic(topic), payload]).catch(warn("could not notify"));
    },
    listen(topic, listener) {
      const { first, remove } = listeners.add(checkedTopic(topic), listener);
      if (first) {
        stops.push(client.listen(topic, (payload) => listeners.heard(topic, payload)).catch(warn("could not listen")));
      }
      return remove;
    },
    async close() {
      await Promise.all(stops);
    },
  };
}

/** The topic on which processes announce that a request changed data (decision 0039). */
const CHANGES_TOPIC = "termin_changes";

/**
 * Announcements that a request of this process changed data, for what the other processes keep in memory: the
 * payload is the process's id, so a process ignores its own. A lost line counts as a change, since what was
 * announced meanwhile went unheard.
 */
export function processAnnouncements(channel: NotificationChannel) {
  const self = randomUUID();
  return {
    announce: (): void => channel.notify(CHANGES_TOPIC, self),
    onChangeElsewhere: (listener: () => void): (() => void) =>
      channel.listen(CHANGES_TOPIC, {
        heard: (payload) => {
          if (payload !== self) listener();
        },
        missed: listener,
      }),
  };
}
