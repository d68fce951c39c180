import { createHash } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from "@termin/contracts/request-headers";
import { idempotencyKeys } from "@termin/db/booking-schema";
import type { Database } from "@termin/db/database";
import { AppError } from "./app-error.ts";
import { refusal } from "./refusal.ts";
import { sqlState } from "./database-errors.ts";

/** How long a key's first answer is replayed. */
export const IDEMPOTENCY_HOURS = 24;

/** An Idempotency-Key header: up to 255 visible ASCII characters (a UUID is usual). */
function idempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !/^[\x21-\x7e]{1,255}$/.test(value)) {
    throw new AppError("bad_request", "Idempotency-Key is 1 to 255 visible ASCII characters, e.g. a UUID.", {
      header: "Idempotency-Key",
    });
  }
  return value;
}

/** JSON with every object's members in name order: one text for one content, however it was written. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const members = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${members.map(([name, member]) => `${JSON.stringify(name)}:${canonicalJson(member)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** Steps of a caller's inside a write's own transaction: before any write, and after the last with what was written. */
export interface TransactionSteps<Written> {
  first?: (tx: Database) => Promise<void>;
  last?: (tx: Database, written: Written) => Promise<void>;
}

/**
 * Makes a write (a booking, a hold and its release, a move, a cancellation; purchases and payments next) safe to
 * repeat with an Idempotency-Key: the same key and body answer what the first request did, for IDEMPOTENCY_HOURS,
 * with `Idempotent-Replayed: true`; the same key with another body (or another endpoint or resource) is a 422. The
 * key is claimed first in the write's own transaction, so of two requests racing with one key the second waits,
 * fails on the key and replays the first's answer: one key never writes twice. Without a key, every step does
 * nothing.
 */
export function idempotentWrite<Document extends Record<string, unknown>>(options: {
  db: Database;
  clientId: string;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Where the written resource is read again (a 201's Location). */
  locationOf?: (document: Document) => string;
}) {
  const { db, clientId, request, reply, locationOf } = options;
  const key = idempotencyKey(request);
  // The endpoint and the resource (path parameters) are part of what a key stands for: a key reused elsewhere is
  // "another request". The body counts by its content: a client that rebuilds the same JSON with its members in
  // another order sends the same request.
  const params = canonicalJson(request.params ?? {});
  const requestHash = createHash("sha256")
    .update(
      `${request.method} ${request.routeOptions.url ?? request.url}${params === "{}" ? "" : ` ${params}`}\n${canonicalJson(request.body)}`,
    )
    .digest("hex");
  const ofThisKey = (clientKey: string) =>
    and(eq(idempotencyKeys.clientId, clientId), eq(idempotencyKeys.key, clientKey));

  /** The answer itself: a 204 has no body; a 201 says where the resource is. */
  function send(status: number, document: Document | undefined): FastifyReply {
    if (status === 204 || document === undefined) return reply.status(status).send();
    if (status === 201 && locationOf) reply.header("location", locationOf(document));
    return reply.status(status).send(document);
  }

  /**
   * Sends the stored answer of an earlier request with this key again: true when it did (the handler then returns
   * `reply` and does nothing more), false when there is none. Never the reply itself: a Fastify reply is a thenable,
   * and awaiting it through an async function loses it.
   */
  async function replay(): Promise<boolean> {
    if (key === undefined) return false;
    const [stored] = await db
      .select()
      .from(idempotencyKeys)
      .where(
        and(ofThisKey(key), gt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_HOURS})`)),
      );
    if (!stored) return false;
    if (stored.requestHash !== requestHash) {
      throw refusal("idempotency_key_reused", { header: "Idempotency-Key" });
    }
    reply.header(IDEMPOTENT_REPLAYED_HEADER, "true");
    send(stored.statusCode, stored.response as Document);
    return true;
  }

  /** First in the write's transaction: takes the key (an expired use of it is forgotten). */
  async function claim(tx: Database): Promise<void> {
    if (key === undefined) return;
    await tx
      .delete(idempotencyKeys)
      .where(
        and(ofThisKey(key), sql`${idempotencyKeys.createdAt} <= now() - make_interval(hours => ${IDEMPOTENCY_HOURS})`),
      );
    await tx.insert(idempotencyKeys).values({ clientId, key, requestHash, statusCode: 0, response: {} });
  }

  /**
   * After the write failed: the first request's answer when this one lost the race for the key, or was refused
   * because the first one, committed meanwhile, now has what it asked for (one client's time is theirs once; a
   * released hold is gone).
   */
  async function replayAfterClash(error: unknown): Promise<boolean> {
    const lostTheRace = sqlState(error) === "23505" || error instanceof AppError;
    return key !== undefined && lostTheRace ? replay() : false;
  }

  return {
    /**
     * Answers the request: the stored answer again when the key was used, otherwise `write`'s, which runs the
     * steps in its transaction (the key claimed first, the answer `documentOf` makes kept last). A write that
     * wrote nothing (no transaction ran: cancelling a cancelled appointment) is answered and keeps no key.
     */
    async answer<Written>(
      status: number,
      write: (steps: TransactionSteps<Written>) => Promise<Written>,
      documentOf: (reader: Database, written: Written) => Promise<Document | undefined>,
    ): Promise<FastifyReply> {
      if (await replay()) return reply;
      let document: Document | undefined;
      let kept = false;
      let written: Written;
      try {
        written = await write({
          first: claim,
          last: async (tx, what) => {
            document = await documentOf(tx, what);
            kept = true;
            if (key === undefined) return;
            await tx
              .update(idempotencyKeys)
              .set({ statusCode: status, response: document ?? {} })
              .where(ofThisKey(key));
          },
        });
      } catch (error) {
        if (await replayAfterClash(error)) return reply;
        throw error;
      }
      if (!kept) document = await documentOf(db, written);
      return send(status, document);
    },
  };
}
