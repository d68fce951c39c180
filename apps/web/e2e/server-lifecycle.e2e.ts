import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { testServerUrl, withAdmin } from "@termin/db/testing/test-postgres-server";
import { Agent, get } from "node:http";
import { startServer, type RunningServer } from "../../../test/spawn-server.ts";

// The process as an operator sees it: start, stop on SIGTERM, start again on the same data, run the API alone.
test.describe.configure({ mode: "serial" });

const dataDir = mkdtempSync(join(tmpdir(), "termin-lifecycle-"));
test.afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test("the server stops cleanly on SIGTERM, and a copy of its data folder (a backup) starts with everything in it", async () => {
  const first = await startServer({
    port: 3110,
    dataDir,
    readyPath: "/healthz",
    keepOutput: true,
    env: { LOG_LEVEL: "info" },
  });
  const marker = await fetch(`${first.url}/v1c/appointment-statuses/1`).then((r) => r.status);
  expect(marker).toBe(200);
  expect(first.output()).toContain("demo data loaded into the empty database");
  // One log line per request: a page's calls to the API in its own process do not add lines of their own.
  const requestId = `lifecycle-${Date.now()}`;
  expect((await fetch(`${first.url}/en/home`, { headers: { "x-request-id": requestId } })).status).toBe(200);
  const linesOf = () =>
    first
      .output()
      .split("\n")
      .filter((line) => line.includes(requestId));
  await expect.poll(() => linesOf().length).toBeGreaterThan(0);
  expect(linesOf().map((line) => JSON.parse(line).msg)).toEqual(["request completed"]);
  const exit = new Promise<number | null>((resolve) => first.process.once("exit", (code) => resolve(code)));
  await first.stop();
  expect(await exit).toBe(0);

  // docs/operations.md: a stopped server's DATA_DIR/pglite, copied, is a whole backup.
  const backup = mkdtempSync(join(tmpdir(), "termin-backup-"));
  cpSync(join(dataDir, "pglite"), join(backup, "pglite"), { recursive: true });
  const second = await startServer({
    port: 3110,
    dataDir: backup,
    readyPath: "/en/home",
    keepOutput: true,
    env: { LOG_LEVEL: "info" },
  });
  try {
    const body = await (await fetch(`${second.url}/v1c/appointment-statuses`)).json();
    expect(body.meta.total).toBe(6);
    const places = await (await fetch(`${second.url}/v1c/locations?page[size]=1`)).json();
    expect(places.meta.total).toBe(60);
    // The copy held the catalogue: nothing was loaded again.
    expect(second.output()).toContain("demo data already present");
  } finally {
    await second.stop();
    rmSync(backup, { recursive: true, force: true });
  }
});

test("the API runs on its own against the same database", async () => {
  const api = await startServer({ port: 3111, dataDir, readyPath: "/healthz", entry: "apps/api/src/main.ts" });
  try {
    const response = await fetch(`${api.url}/v1c/pages/terms`, { headers: { "accept-language": "ro" } });
    expect(response.status).toBe(200);
    expect((await response.json()).data.attributes.language).toBe("ro");
    // The API process serves no pages.
    expect((await fetch(`${api.url}/en/home`)).status).toBe(404);
  } finally {
    await api.stop();
  }
});

test("an invalid setting stops the start with a message naming it", () => {
  const result = spawnSync(process.execPath, ["apps/web/server/main.ts"], {
    env: { ...process.env, PORT: "eighty", DEFAULT_LANGUAGE: "xx", DATA_DIR: dataDir },
    encoding: "utf8",
    timeout: 20_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain("Invalid environment configuration");
  expect(result.stderr).toContain("PORT");
  expect(result.stderr).toContain("DEFAULT_LANGUAGE");
  expect(result.stderr).not.toContain("    at "); // a message, not a stack trace
});

interface Outcome {
  startedAt: number;
  endedAt: number;
  status?: number;
  retryAfter?: string | undefined;
  /** A connection refused or closed before any answer came. */
  refused?: string;
}

/** A GET on `agent`'s connection, its answer read to the end (an answer cut short rejects). */
function fetchWhole(url: string, agent: Agent): Promise<{ status: number; retryAfter: string | undefined }> {
  return new Promise((resolve, reject) => {
    get(url, { agent }, (response) => {
      response.on("error", reject).on("aborted", () => reject(new Error("answer cut short")));
      response.resume().on("end", () => {
        if (!response.complete) reject(new Error("answer cut short"));
        else resolve({ status: response.statusCode ?? 0, retryAfter: response.headers["retry-after"] });
      });
    }).on("error", reject);
  });
}

/**
 * `clients` loops of requests, each on its own keep-alive connection, until `stop` resolves: pages nobody shares
 * (signed-out search pages with a query of their own, so the page cache cannot answer) and API documents.
 */
async function loadUntil(
  server: RunningServer,
  clients: number,
  stop: Promise<void>,
  outcomes: Outcome[],
): Promise<Outcome[]> {
  let stopped = false;
  void stop.then(() => (stopped = true));
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      for (let round = 0; !stopped; round++) {
        const path = client % 2 ? `/en/search?q=nails&n=${client}-${round}` : `/v1c/locations?page[size]=20`;
        const startedAt = performance.now();
        try {
          const { status, retryAfter } = await fetchWhole(`${server.url}${path}`, agent);
          outcomes.push({ startedAt, endedAt: performance.now(), status, retryAfter });
        } catch (error) {
          // Refused, or an idle kept-alive connection closed as the request went out; an answer cut short is neither.
          const code = (error as { code?: string }).code ?? String(error);
          if (!["ECONNREFUSED", "ECONNRESET", "EPIPE"].includes(code)) throw error;
          outcomes.push({ startedAt, endedAt: performance.now(), refused: code });
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      agent.destroy();
    }),
  );
  return outcomes;
}

/** SIGTERM in the middle of a load: running requests finish, new ones are refused, exit 0 within 2 s, database closed. */
async function expectCleanStopUnderLoad(server: RunningServer) {
  const exited = new Promise<number | null>((resolve) => server.process.once("exit", (code) => resolve(code)));
  let signalled = 0;
  const stopLoad = exited.then(() => undefined);
  const outcomes: Outcome[] = [];
  const load = loadUntil(server, 16, stopLoad, outcomes);
  // The signal comes once the load runs on warm processes, as a deploy finds them: 150 answers in, whatever the
  // machine's speed. At 40, the processes' first renders (code not yet optimized) on a CI host whose other test
  // worker ran a browser made the in-flight pages finish 2.02 s after the signal.
  await expect.poll(() => outcomes.length, { timeout: 60_000, intervals: [20] }).toBeGreaterThanOrEqual(150);
  signalled = performance.now();
  server.process.kill("SIGTERM");
  const code = await exited;
  const stoppedAfter = performance.now() - signalled;
  await load;

  expect(code).toBe(0);
  expect(stoppedAfter).toBeLessThanOrEqual(2_000);
  const before = outcomes.filter((outcome) => outcome.endedAt < signalled);
  expect(before.length).toBeGreaterThanOrEqual(150);
  expect(before.every((outcome) => outcome.status === 200)).toBe(true);
  // Requests running when the signal came were answered in full after it.
  const finishedAfter = outcomes.filter((o) => o.startedAt < signalled && o.endedAt > signalled && o.status === 200);
  expect(finishedAfter.length).toBeGreaterThan(0);
  // Anything else after the signal was refused: a 503 saying when to come back, or no connection at all.
  for (const outcome of outcomes.filter((o) => o.endedAt > signalled && o.status !== 200)) {
    if (outcome.status !== undefined) {
      expect(outcome.status).toBe(503);
      expect(outcome.retryAfter).toBe("1");
    } else expect(outcome.refused).toBeDefined();
  }
  expect(server.output()).toContain("closed: requests answered, database closed");
  // Nothing was left behind holding the port.
  await expect(fetch(`${server.url}/livez`)).rejects.toThrow();
}

test("SIGTERM to `npm run serve` under load on PGlite: requests finish, new ones are refused, exit 0 within 2 s, and the data opens again", async () => {
  test.setTimeout(90_000);
  // As a process manager runs the README's command (`npm start` builds, then execs `npm run serve`): the signal goes
  // to npm, which passes it to the server (the scripts exec node: a shell between them would keep it to itself).
  const server = await startServer({
    port: 3112,
    dataDir,
    readyPath: "/en/home",
    keepOutput: true,
    command: ["npm", "run", "--silent", "serve"],
    env: { LOG_LEVEL: "info" },
  });
  await expectCleanStopUnderLoad(server);
  const again = await startServer({ port: 3112, dataDir, readyPath: "/healthz" });
  try {
    expect((await fetch(`${again.url}/v1c/locations?page[size]=1`)).status).toBe(200);
  } finally {
    await again.stop();
  }
});

test("SIGTERM under load on PostgreSQL with two processes: the same, and no connection is left open", async () => {
  test.setTimeout(180_000);
  const name = `termin_e2e_shutdown_${process.pid}`;
  await withAdmin(async (admin) => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  });
  try {
    const server = await startServer({
      port: 3113,
      dataDir,
      readyPath: "/en/home",
      keepOutput: true,
      // Demo data asked for: on PostgreSQL a server loads none unless told (the load reads places).
      env: { LOG_LEVEL: "info", DATABASE_URL: testServerUrl(name), WEB_CONCURRENCY: "2", DEMO_DATA: "true" },
    });
    await expect.poll(() => server.output()).toContain('"database":"postgres","processes":2');
    await expectCleanStopUnderLoad(server);
    expect(server.output().match(/closed: requests answered, database closed/g)).toHaveLength(2);
    // The primary's own messages are JSON lines like its processes', for one log collector.
    const lines = server.output().trim().split("\n");
    expect(lines.filter((line) => !line.startsWith("{"))).toEqual([]);
    expect(lines.map((line) => JSON.parse(line).msg)).toContain("all server processes stopped");
    const open = await withAdmin((admin) =>
      admin.query("select count(*)::int as count from pg_stat_activity where datname = $1", [name]),
    );
    expect(open.rows[0]?.count).toBe(0);
  } finally {
    await withAdmin((admin) => admin.query(`drop database if exists ${name} with (force)`));
  }
});
