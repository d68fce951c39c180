import type { FastifyInstance } from "fastify";
import type { DatabaseHandle } from "@termin/db/database";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Where what is kept in memory for a second learns that data changed. */
export interface DataChanges {
  /** Calls `forget` on every change. */
  subscribe(forget: () => void): void;
}

/**
 * Data changed when a request that may write (anything but GET, HEAD, OPTIONS) succeeded: subscribers forget
 * before its answer leaves, so whoever wrote reads it back, and the other processes on the database are told
 * (PostgreSQL NOTIFY), which forget within milliseconds.
 */
export function watchDataChanges(app: FastifyInstance, database: DatabaseHandle): DataChanges {
  const subscribers = new Set<() => void>();
  const forget = () => {
    for (const subscriber of subscribers) subscriber();
  };
  const stopListening = database.onChangeElsewhere(forget);
  app.addHook("onClose", async () => stopListening());
  app.addHook("onSend", async (request, reply, payload) => {
    if (!SAFE_METHODS.has(request.method) && reply.statusCode < 400) {
      forget();
      database.announceChange();
    }
    return payload;
  });
  return { subscribe: (subscriber) => subscribers.add(subscriber) };
}
