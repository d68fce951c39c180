import { gunzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import {
  createSharedAnswerCache,
  type CachePolicy,
  type MadeAnswer,
  type RequestFacts,
} from "./shared-answer-cache.ts";

const POLICY = { freshSeconds: 1, staleSeconds: 2, maxEntries: 10, vary: "Accept-Encoding, Accept-Language" };
const cacheWith = (policy: Partial<CachePolicy> = {}) => createSharedAnswerCache({ ...POLICY, ...policy });

const ask = (headers: RequestFacts["headers"] = {}, method = "GET"): RequestFacts => ({ method, headers });

function made(body: string, headers: Record<string, string> = {}, status = 200): MadeAnswer {
  return { status, headers: new Headers({ "content-type": "text/html", ...headers }), body: Buffer.from(body) };
}

/** A maker that says how many times it ran, each time with the next version of the answer. */
function counting(headers: Record<string, string> = {}, status = 200) {
  const make = async () => {
    make.count++;
    return made(`version ${make.count}`, headers, status);
  };
  make.count = 0;
  return make;
}

const text = (body: Buffer | null) => body?.toString("utf8");
const headerIn = (headers: [string, string][], name: string) => headers.find(([key]) => key === name)?.[1];

describe("createSharedAnswerCache", () => {
  it("serves a shareable answer from memory while fresh, compressed as the requester accepts, with its validators", async () => {
    let clock = 0;
    const cache = cacheWith({ now: () => clock });
    const make = counting();
    const first = await cache.serve("home", ask({ "accept-encoding": "gzip" }), make);
    clock += 900;
    const second = await cache.serve("home", ask({ "accept-encoding": "gzip, deflate" }), make);
    expect(make.count).toBe(1);
    expect(headerIn(second.headers, "content-encoding")).toBe("gzip");
    expect(gunzipSync(second.body ?? Buffer.alloc(0)).toString()).toBe("version 1");
    expect(headerIn(first.headers, "cache-control")).toBe("public, max-age=1, stale-while-revalidate=2");
    expect(headerIn(first.headers, "vary")).toBe("Accept-Encoding, Accept-Language");
    const etag = headerIn(first.headers, "etag") ?? "";
    expect(etag).toMatch(/^W\/"/);
    const notModified = await cache.serve("home", ask({ "if-none-match": etag }), make);
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBeNull();
    expect(headerIn(notModified.headers, "etag")).toBe(etag);
    const head = await cache.serve("home", ask({}, "HEAD"), make);
    expect([head.status, head.body]).toEqual([200, null]);
  });

  it("after its fresh second serves the kept answer once more while the next is made, and never one older than the limit", async () => {
    let clock = 0;
    const cache = cacheWith({ now: () => clock });
    const make = counting();
    await cache.serve("home", ask(), make);
    clock = 1_001;
    const stale = await cache.serve("home", ask(), make);
    expect(text(stale.body)).toBe("version 1");
    expect(headerIn(stale.headers, "age")).toBe("1");
    await vi.waitFor(async () => expect(text((await cache.serve("home", ask(), make)).body)).toBe("version 2"));
    expect(make.count).toBe(2);
    // Nobody asked for a while: past the limit, the requester waits for a new answer rather than get an old one.
    clock += 3_000;
    expect(text((await cache.serve("home", ask(), make)).body)).toBe("version 3");
  });

  it("makes an answer once for requesters asking at the same time", async () => {
    const cache = cacheWith();
    const make = counting();
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.serve("home", ask(), make)));
    expect(make.count).toBe(1);
    expect(new Set(answers.map((answer) => text(answer.body)))).toEqual(new Set(["version 1"]));
  });

  it("never keeps a requester's own answer: no key, a Set-Cookie, private or no-store, or a status other than 200", async () => {
    const cache = cacheWith();
    const cases: [string | null, ReturnType<typeof counting>][] = [
      [null, counting()],
      ["a", counting({ "set-cookie": "custom-tracking=1" })],
      ["b", counting({ "cache-control": "private, no-store" })],
      ["c", counting({}, 404)],
    ];
    for (const [key, make] of cases) {
      await cache.serve(key, ask(), make);
      expect(text((await cache.serve(key, ask(), make)).body), String(key)).toBe("version 2");
    }
    const personal = await cache.serve(null, ask(), counting());
    expect(headerIn(personal.headers, "cache-control")).toBe("private, no-store");
  });

  it("gives a requester waiting on another's answer that set a cookie an answer of its own, without that cookie", async () => {
    const cache = cacheWith();
    let makings = 0;
    const make = async (shared: boolean) => {
      makings++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return shared && makings === 1 ? made("for the first", { "set-cookie": "custom-tracking=1" }) : made("own");
    };
    const [first, second] = await Promise.all([cache.serve("home", ask(), make), cache.serve("home", ask(), make)]);
    expect(headerIn(first.headers, "set-cookie")).toBe("custom-tracking=1");
    expect(text(second.body)).toBe("own");
    expect(headerIn(second.headers, "set-cookie")).toBeUndefined();
  });

  it("after clear, makes every answer afresh, and does not keep one that was being made when it was cleared", async () => {
    const cache = cacheWith();
    const make = counting();
    await cache.serve("home", ask(), make);
    cache.clear();
    expect(text((await cache.serve("home", ask(), make)).body)).toBe("version 2");
    let finish = (): void => undefined;
    const slow = async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      return made("made before the write");
    };
    cache.clear();
    const before = cache.serve("home", ask(), slow);
    cache.clear();
    finish();
    expect(text((await before).body)).toBe("made before the write");
    expect(text((await cache.serve("home", ask(), make)).body)).toBe("version 3");
  });

  it("asked to refresh, makes the answer anew and keeps it, and still answers 304 when nothing changed", async () => {
    const cache = cacheWith();
    let version = 1;
    const make = async () => made(`version ${version}`);
    const first = await cache.serve("home", ask(), make);
    const etag = headerIn(first.headers, "etag") ?? "";
    expect((await cache.serve("home", ask({ "if-none-match": etag }), make, { refresh: true })).status).toBe(304);
    version = 2;
    const refreshed = await cache.serve("home", ask({ "if-none-match": etag }), make, { refresh: true });
    expect([refreshed.status, text(refreshed.body)]).toEqual([200, "version 2"]);
    expect(text((await cache.serve("home", ask(), make)).body)).toBe("version 2");
  });
});
