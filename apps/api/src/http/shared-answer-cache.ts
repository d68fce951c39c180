import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { Negotiator } from "@fastify/accept-negotiator";

/**
 * Answers made for nobody in particular, kept in memory and served to everyone who asks the same (decision 0029):
 * anonymous pages (the web server's page cache) and public API documents (public-document-cache.ts). An answer is
 * kept compressed three ways, served for `freshSeconds`, then for `staleSeconds` more while the next one is made
 * in the background: nobody gets an answer made more than freshSeconds + staleSeconds ago. Requests asking for
 * one answer at once wait for one making.
 */
export interface CachePolicy {
  freshSeconds: number;
  staleSeconds: number;
  /** Answers kept at most, the one made longest ago out first (a busy one is made again every few seconds). */
  maxEntries: number;
  /** The request headers the answer varies by (the key's, and Accept-Encoding). */
  vary: string;
  now?: () => number;
}

/** What the cache reads from a request beside its key: the method, and the headers that pick the bytes sent. */
export interface RequestFacts {
  method: string;
  headers: Record<string, string | string[] | undefined>;
}

/** An answer as it was made, read whole. */
export interface MadeAnswer {
  status: number;
  headers: Headers;
  body: Buffer;
}

/**
 * Makes the answer; `shared` when others may get it too, so the making must not stop when this requester leaves
 * (an answer made in the background outlives the request that asked for it).
 */
export type Make = (shared: boolean) => Promise<MadeAnswer>;

export interface Answer {
  status: number;
  headers: [string, string][];
  body: Buffer | null;
}

export const headerOf = (facts: RequestFacts, name: string): string | undefined => {
  const value = facts.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
};

/** Whether an answer was made for nobody in particular and may be served to others. */
function isShareable(made: MadeAnswer): boolean {
  if (made.status !== 200 || made.headers.has("set-cookie")) return false;
  return !/\b(private|no-store)\b/.test(made.headers.get("cache-control") ?? "");
}

interface Kept {
  status: number;
  headers: [string, string][];
  etag: string;
  madeAt: number;
  bodies: { identity: Buffer; br: Buffer; gzip: Buffer };
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const encodings = new Negotiator({ supportedValues: ["br", "gzip", "identity"] });
/** Set by `answer` from the policy, and recomputed for the bytes sent. */
const REPLACED_HEADERS = new Set(["content-length", "cache-control", "vary", "etag", "content-encoding"]);

async function keep(made: MadeAnswer, madeAt: number): Promise<Kept> {
  // The same quality as answers compressed on the fly (compression.ts), done once per answer made, off the main thread.
  const [br, gz] = await Promise.all([
    brotli(made.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
    gzipAsync(made.body),
  ]);
  const headers = [...made.headers].filter(([name]) => !REPLACED_HEADERS.has(name));
  const etag = `W/"${createHash("sha256").update(made.body).digest("base64url").slice(0, 27)}"`;
  return { status: made.status, headers, etag, madeAt, bodies: { identity: made.body, br, gzip: gz } };
}

export interface ServeOptions {
  /**
   * Make the answer afresh (it is kept for the next requests): the requester said `Cache-Control: no-cache`.
   * Its validators still apply, so a conditional request gets 304 when nothing changed.
   */
  refresh?: boolean;
}

/** Serves shareable answers from memory (see CachePolicy), and everything else as `make` makes it. */
export function createSharedAnswerCache(policy: CachePolicy) {
  const now = policy.now ?? Date.now;
  const lifetimeMs = (policy.freshSeconds + policy.staleSeconds) * 1000;
  const kept = new Map<string, Kept>();
  const making = new Map<string, Promise<Kept | MadeAnswer>>();
  const cacheControl = `public, max-age=${policy.freshSeconds}, stale-while-revalidate=${policy.staleSeconds}`;

  function remember(key: string, answer: Kept) {
    kept.delete(key);
    kept.set(key, answer);
    if (kept.size > policy.maxEntries) kept.delete(kept.keys().next().value as string);
  }

  /** Makes the answer for `key`; a shareable one is kept. */
  function make(key: string, maker: Make): Promise<Kept | MadeAnswer> {
    const madeAt = now();
    const made = maker(true)
      .then(async (answer) => {
        if (!isShareable(answer)) return answer;
        const compressed = await keep(answer, madeAt);
        // Forgotten while it was being made (a write cleared the cache): serve it to those who waited, keep nothing.
        if (making.get(key) === made) remember(key, compressed);
        return compressed;
      })
      .finally(() => {
        if (making.get(key) === made) making.delete(key);
      });
    making.set(key, made);
    return made;
  }

  function answer(from: Kept, facts: RequestFacts): Answer {
    const headers: [string, string][] = [
      ...from.headers,
      ["cache-control", cacheControl],
      ["vary", policy.vary],
      ["etag", from.etag],
      // A cache on the way counts the time the answer spent here against its max-age.
      ["age", String(Math.floor((now() - from.madeAt) / 1000))],
    ];
    const ifNoneMatch = headerOf(facts, "if-none-match");
    if (ifNoneMatch?.split(/\s*,\s*/).includes(from.etag)) return { status: 304, headers, body: null };
    const encoding = encodings.negotiate(headerOf(facts, "accept-encoding") ?? "") ?? "identity";
    if (encoding !== "identity") headers.push(["content-encoding", encoding]);
    return { status: from.status, headers, body: facts.method === "HEAD" ? null : from.bodies[encoding] };
  }

  /** An answer made for this requester alone: never kept, and said so to any cache on the way. */
  function personal(made: MadeAnswer): Answer {
    const headers = [...made.headers].filter(([name]) => name !== "set-cookie" && name !== "vary");
    if (!made.headers.has("cache-control")) headers.push(["cache-control", "private, no-store"]);
    headers.push(["vary", policy.vary]);
    for (const cookie of made.headers.getSetCookie()) headers.push(["set-cookie", cookie]);
    return { status: made.status, headers, body: made.body };
  }

  const isKept = (made: Kept | MadeAnswer): made is Kept => "bodies" in made;

  return {
    /** The answer to a request with this key (null: made for this requester alone), from memory when it may be. */
    async serve(key: string | null, facts: RequestFacts, maker: Make, options: ServeOptions = {}): Promise<Answer> {
      if (key === null) return personal(await maker(false));
      if (options.refresh) {
        const made = await make(key, maker);
        return isKept(made) ? answer(made, facts) : personal(made);
      }
      const found = kept.get(key);
      const ageMs = found ? now() - found.madeAt : Infinity;
      if (found && ageMs < lifetimeMs) {
        if (ageMs >= policy.freshSeconds * 1000 && !making.has(key)) make(key, maker).catch(() => undefined);
        return answer(found, facts);
      }
      const pending = making.get(key);
      if (pending) {
        const made = await pending;
        // Another requester's answer that may not be shared (it set their cookie): this one gets its own.
        return isKept(made) ? answer(made, facts) : personal(await maker(false));
      }
      const made = await make(key, maker);
      return isKept(made) ? answer(made, facts) : personal(made);
    },
    /** Forgets every answer kept or being made: after a write, the next request makes its answer afresh. */
    clear(): void {
      kept.clear();
      making.clear();
    },
  };
}
