import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { JSONAPI_MEDIA_TYPE, type ErrorDocument } from "@termin/contracts/jsonapi";
import { rawRows } from "@termin/db/raw-rows";
import { withAdmin } from "@termin/db/testing/test-postgres-server";
import { createTestClient } from "@termin/api/testing/test-clients";
import { freePort, startServer, type RunningServer } from "../../../test/spawn-server.ts";
import { sessionFromTokens, setSessionHeader } from "./lib/session-cookie.server.ts";
import { startTestWebServer, type TestWebServer } from "../server/testing/start-test-web-server.ts";

// A PostgreSQL database that goes away under load, as production meets it (a failover, a restart, a maintenance
// window): two API server processes and the web server on one database, each with its own pool, job worker and
// change channel. PostgreSQL only: the embedded database cannot be away from its own process.

/** Each answer within this, outage or not: a pool waits CONNECT_TIMEOUT_MS at most for a connection. */
const ANSWER_WITHIN_MS = 2_000;
const OUTAGE_MS = 5_000;
const CLIENTS = 10;

interface Outcome {
  url: string;
  startedAt: number;
  ms: number;
  status: number;
  retryAfter: string | null;
  contentType: string | null;
  body: string;
}

let web: TestWebServer;
let apis: RunningServer[] = [];
let dataDir: string;
let databaseName: string;
let slotsPath: string;
/** A signed-in client's session cookie, as their browser sends it. */
let sessionCookie: string;

beforeAll(async () => {
  web = await startTestWebServer({ demoData: true });
  const databaseUrl = web.databaseUrl;
  if (!databaseUrl) throw new Error("This test runs on PostgreSQL (the integration-postgres project).");
  databaseName = new URL(databaseUrl).pathname.slice(1);
  dataDir = await mkdtemp(join(tmpdir(), "termin-outage-"));
  apis = await Promise.all(
    [0, 1].map(async () =>
      startServer({
        port: await freePort(),
        dataDir,
        readyPath: "/readyz",
        entry: "apps/api/src/main.ts",
        keepOutput: true,
        env: { DATABASE_URL: databaseUrl },
      }),
    ),
  );
  const [place] = await rawRows<{ priceId: number; locationId: number }>(
    web.database.db,
    sql`select sp.id as "priceId", l.id as "locationId" from service_prices sp
        join services s on s.id = sp.service_id join locations l on l.business_id = s.business_id
        order by l.id, sp.id limit 1`,
  );
  const client = await createTestClient(web.database.db);
  sessionCookie = setSessionHeader(new Request(web.url), sessionFromTokens(client.tokens)).split(";")[0] ?? "";
  // The pages are compiled on their first request (Vite, start-test-web-server.ts): once, before any clock runs.
  expect((await fetch(`${web.url}/en/home`)).status).toBe(200);
  const day = (ahead: number) => new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
  slotsPath =
    `/v1c/available-slots?filter[service_price_id]=${place?.priceId}&filter[location_id]=${place?.locationId}` +
    `&filter[date_from]=${day(2)}&filter[date_to]=${day(4)}`;
}, 120_000);

afterAll(async () => {
  await Promise.all(apis.map((api) => api.stop()));
  await web?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function timedGet(url: string): Promise<Outcome> {
  const startedAt = performance.now();
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  const body = await response.text();
  return {
    url,
    startedAt,
    ms: performance.now() - startedAt,
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    contentType: response.headers.get("content-type"),
    body,
  };
}

/**
 * `CLIENTS` clients asking both API processes for free times and places, one request after another, until `stop`.
 * A request that gets no answer at all (the connection refused or cut) fails the load, after the others stopped.
 */
function loadUntil(stop: { done: boolean }, outcomes: Outcome[]): Promise<void> {
  return Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let round = 0; !stop.done; round++) {
        const server = apis[(client + round) % apis.length]?.url;
        const path = client % 2 ? slotsPath : `/v1c/locations?page[size]=5&page[number]=${(round % 4) + 1}`;
        outcomes.push(await timedGet(`${server}${path}`).catch(stopAll(stop)));
      }
    }),
  ).then(() => undefined);
}

/** Ends every client's loop, then passes the failure on. */
const stopAll = (stop: { done: boolean }) => (error: unknown) => {
  stop.done = true;
  throw error;
};

/** Runs `work` under load; the load stops however `work` ends, and its answers are given to `check`. */
async function underLoad(work: () => Promise<void>, check: (outcomes: Outcome[]) => void | Promise<void>) {
  const stop = { done: false };
  const outcomes: Outcome[] = [];
  const load = loadUntil(stop, outcomes);
  try {
    await work();
  } finally {
    stop.done = true;
    await load;
  }
  await check(outcomes);
}

const setConnections = (allowed: boolean) =>
  withAdmin(async (admin) => {
    await admin.query(`alter database ${databaseName} allow_connections ${allowed}`);
    if (!allowed) {
      await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [databaseName]);
    }
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it("costs no 500 when the database ends every connection once under load", async () => {
  await underLoad(
    async () => {
      await sleep(500);
      await withAdmin((admin) =>
        admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [databaseName]),
      );
      await sleep(1_000);
    },
    (outcomes) => {
      expect(outcomes.length).toBeGreaterThan(20);
      expect(outcomes.filter((outcome) => outcome.status >= 500 && outcome.status !== 503)).toEqual([]);
      // Ended connections are replaced: the last answers are whole again.
      expect(outcomes.slice(-CLIENTS).every((outcome) => outcome.status === 200)).toBe(true);
    },
  );
});

it("answers 503 with Retry-After (never 500) within 2 s while the database refuses connections for 5 s, kills no process, and serves within 2 s after it returns", async () => {
  const pids = apis.map((api) => api.process.pid);
  let wentAway = 0;
  let cameBack = 0;
  await underLoad(
    async () => {
      await sleep(500);
      await setConnections(false);
      wentAway = performance.now();
      try {
        await duringOutage(wentAway);
      } finally {
        await setConnections(true);
        cameBack = performance.now();
      }
      await sleep(ANSWER_WITHIN_MS + 1_000);
    },
    (outcomes) => checkOutage(outcomes, wentAway, cameBack),
  );

  for (const api of apis) expect((await timedGet(`${api.url}/readyz`)).status).toBe(200);
  expect((await timedGet(`${web.url}/bg/home`)).status).toBe(200);
  // No process died: the same two, still running.
  expect(apis.map((api) => api.process.pid)).toEqual(pids);
  expect(apis.map((api) => api.process.exitCode)).toEqual([null, null]);
  // Their logs stayed JSON lines, short: a reason, never the failed query or its parameters (a token's hash).
  for (const api of apis) {
    const lines = api.output().trim().split("\n");
    expect(lines.filter((line) => !line.startsWith("{"))).toEqual([]);
    expect(lines.filter((line) => line.includes("Failed query"))).toEqual([]);
    // The job worker says once that it waits, not at every poll.
    expect(lines.filter((line) => line.includes("Scheduled jobs wait for the database")).length).toBeLessThanOrEqual(1);
  }
}, 60_000);

/** While the database is away: not ready (send traffic elsewhere), yet alive (do not restart), and pages say so. */
async function duringOutage(wentAway: number) {
  for (const api of apis) {
    await expect.poll(async () => (await timedGet(`${api.url}/readyz`)).status).toBe(503);
    const ready = await timedGet(`${api.url}/readyz`);
    expect(JSON.parse(ready.body)).toMatchObject({ status: "unavailable", checks: { database: "unreachable" } });
    expect(ready.ms).toBeLessThan(ANSWER_WITHIN_MS);
    expect((await timedGet(`${api.url}/livez`)).status).toBe(200);
  }
  // Another language than the warm-up's: not an answer the page cache kept.
  const page = await timedGet(`${web.url}/bg/home`);
  expect(page.status).toBe(503);
  expect(page.ms).toBeLessThan(ANSWER_WITHIN_MS);
  expect(page.retryAfter).toBe("2");
  expect(page.body).toContain("<title>Услугата е временно недостъпна · Termin</title>");
  expect(page.body).toContain("Опитайте отново");
  // A signed-in client meets the same page and stays signed in: the sign-in is not what failed.
  const own = await fetch(`${web.url}/en/appointments`, { headers: { cookie: sessionCookie } });
  expect(own.status).toBe(503);
  expect(own.headers.getSetCookie()).toEqual([]);
  expect(await own.text()).toContain("Briefly unavailable");
  await sleep(OUTAGE_MS - (performance.now() - wentAway));
}

function checkOutage(outcomes: Outcome[], wentAway: number, cameBack: number) {
  const during = outcomes.filter((o) => o.startedAt > wentAway + 100 && o.startedAt + o.ms < cameBack);
  const refused = during.filter((outcome) => outcome.status === 503);
  const afterRecovery = outcomes.filter((outcome) => outcome.startedAt > cameBack + ANSWER_WITHIN_MS);
  const firstWhole = outcomes.find((outcome) => outcome.startedAt > cameBack && outcome.status === 200);
  console.log(
    `Database away ${Math.round(cameBack - wentAway)} ms under ${CLIENTS} clients: ${outcomes.length} answers, ` +
      `${refused.length} of the ${during.length} during the outage were 503, slowest answer ` +
      `${Math.round(Math.max(...outcomes.map((o) => o.ms)))} ms; first whole answer ` +
      `${firstWhole ? Math.round(firstWhole.startedAt + firstWhole.ms - cameBack) : "never"} ms after it returned.`,
  );

  expect(outcomes.filter((outcome) => outcome.status >= 500 && outcome.status !== 503)).toEqual([]);
  expect(outcomes.filter((outcome) => outcome.ms > ANSWER_WITHIN_MS).map((o) => `${o.url} ${o.ms}`)).toEqual([]);
  expect(refused.length).toBeGreaterThan(0);
  for (const outcome of outcomes.filter((each) => each.status === 503)) {
    expect(outcome.retryAfter).toBe("2");
    expect(outcome.contentType).toContain(JSONAPI_MEDIA_TYPE);
    const document = JSON.parse(outcome.body) as ErrorDocument;
    expect(document.errors[0]).toMatchObject({ status: "503", code: "unavailable" });
  }
  expect(afterRecovery.length).toBeGreaterThan(0);
  expect(afterRecovery.every((outcome) => outcome.status === 200)).toBe(true);
}
