import type { FastifyInstance, FastifyRequest } from "fastify";
import type { DatabaseHandle } from "@termin/db/database";
import { recordWrites, type Write } from "@termin/db/written-tables";

/** Where what is kept in memory for a second learns that data changed. */
export interface DataChanges {
  /** Calls `forget` on every change. */
  subscribe(forget: () => void): void;
}

/**
 * Writes that change nothing a kept answer shows (pages, public documents, tokens found valid): the bookkeeping of
 * signing in and out of nothing yet (a new client has no page; a new token is not yet kept), of spent refresh
 * tokens, one-time links, OAuth codes and consents, rate limits, idempotency keys, jobs and payment bookkeeping. A revocation (token_families updated), a deleted
 * account (clients updated) or any other table is a change. A table not listed is a change: forgetting too often
 * costs a query, forgetting too rarely shows old data.
 */
const QUIET_WRITES: Readonly<Record<string, ReadonlySet<Write["operation"]>>> = {
  refresh_tokens: new Set(["insert", "update", "delete"]),
  one_time_tokens: new Set(["insert", "update", "delete"]),
  rate_limit_events: new Set(["insert", "delete"]),
  idempotency_keys: new Set(["insert", "update", "delete"]),
  scheduled_jobs: new Set(["insert", "update", "delete"]),
  notifications: new Set(["insert"]),
  clients: new Set(["insert"]),
  social_identities: new Set(["insert"]),
  token_families: new Set(["insert"]),
  access_tokens: new Set(["insert"]),
  oauth_authorization_codes: new Set(["insert", "update", "delete"]),
  oauth_consents: new Set(["insert", "update"]),
  // A payment page opened (its checkout session noted) or a provider's event noted: no public answer shows them.
  payment_links: new Set(["update"]),
  payment_events: new Set(["insert"]),
  // Push registrations and the VAPID key pair: no kept answer shows them (decision 0050).
  push_subscriptions: new Set(["insert", "update", "delete"]),
  vapid_keys: new Set(["insert"]),
};

/** Whether `writes` changed something kept in memory. */
export function changesWhatIsKept(writes: readonly Write[]): boolean {
  return writes.some((write) => !QUIET_WRITES[write.table]?.has(write.operation));
}

/**
 * Data changed when a request wrote to a table a kept answer reads (what it wrote, not its method: a sign-up, a
 * token refresh or a cookie consent changes nothing kept). Each request's statements are noted as they are sent
 * (written-tables.ts); when its answer leaves, after its transactions committed, subscribers forget, so whoever
 * wrote reads it back, and the other processes on the database are told (PostgreSQL NOTIFY), which forget within
 * milliseconds. A write that failed and rolled back may be announced too: forgetting is always safe.
 */
export function watchDataChanges(app: FastifyInstance, database: DatabaseHandle): DataChanges {
  const subscribers = new Set<() => void>();
  const forget = () => {
    for (const subscriber of subscribers) subscriber();
  };
  const stopListening = database.onChangeElsewhere(forget);
  const writesOf = new WeakMap<FastifyRequest, Write[]>();
  app.addHook("onClose", async () => stopListening());
  // A callback hook, so the handler and every later hook run inside the request's own record.
  app.addHook("onRequest", (request, _reply, done) => {
    const writes: Write[] = [];
    writesOf.set(request, writes);
    recordWrites(writes, done);
  });
  app.addHook("onSend", async (request, _reply, payload) => {
    const writes = writesOf.get(request);
    if (writes && changesWhatIsKept(writes)) {
      writes.length = 0;
      forget();
      database.announceChange();
    }
    return payload;
  });
  return { subscribe: (subscriber) => subscribers.add(subscriber) };
}
