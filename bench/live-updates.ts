import { readFileSync } from "node:fs";
import { request as httpRequest, type ClientRequest } from "node:http";
import { availableParallelism, loadavg } from "node:os";
import { openEventStream } from "@termin/api/booking/live/testing/event-stream";
import { bookingRequests } from "@termin/api/booking/testing/booking-requests";
import { localMomentAt } from "@termin/domain/booking/local-time";
import { startServer, type RunningServer } from "../test/spawn-server.ts";
import { onEachEngine } from "./bench-database.ts";
import { hourOfClient, placeWithClients } from "./booking-clients.ts";
import { ms, percentile } from "./figures.ts";

// Live free times (decision 0048): how soon a booking made through one server process reaches an open event stream
// of another (PostgreSQL; on PGlite, the one process), and what a thousand open streams cost a process in memory,
// beside a bare Fastify holding as many.
const PORTS = { writer: 3250, reader: 3251, baseline: 3252 };
const BOOKINGS = 200;
const STREAMS = 1_000;
const POSTGRES_URL =
  process.env.BENCH_LIVE_POSTGRES_URL ?? `postgres://postgres@127.0.0.1:5432/termin_bench_live_${process.pid}`;

/** Resident memory of a process (Linux), in bytes. */
function residentBytes(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) * 1024;
}

/** `count` streams open at once to `url` (node:http: what each costs this side is not measured). */
async function holdStreams(url: string, count: number): Promise<ClientRequest[]> {
  const opened: ClientRequest[] = [];
  for (let started = 0; started < count; started += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, count - started) }, () => {
        return new Promise<void>((resolve, reject) => {
          const asked = httpRequest(url, { headers: { accept: "text/event-stream" } }, (answer) => {
            answer.once("data", () => resolve());
            answer.resume();
          });
          asked.once("error", reject);
          asked.end();
          opened.push(asked);
        });
      }),
    );
  }
  return opened;
}

/** Extra resident memory of the process behind `server` with STREAMS streams open to `path`, per 1,000 streams. */
async function memoryPerThousand(server: RunningServer, path: string): Promise<string> {
  const before = residentBytes(server.process.pid);
  const streams = await holdStreams(`${server.url}${path}`, STREAMS);
  const after = residentBytes(server.process.pid);
  for (const stream of streams) stream.destroy();
  return `${((((after - before) / STREAMS) * 1_000) / 1024 / 1024).toFixed(1)} MB`;
}

async function benchEngine(name: string, env: Record<string, string>, dataDir: string, databaseUrl?: string) {
  console.log(
    `\nLive free times on ${name} (${availableParallelism()} cores, load average ${loadavg()[0]?.toFixed(1)})`,
  );
  const { scenario, clients } = await placeWithClients(databaseUrl, dataDir, BOOKINGS);
  const writer = await startServer({
    port: PORTS.writer,
    dataDir,
    readyPath: "/healthz",
    entry: "apps/api/src/main.ts",
    env,
  });
  // PGlite has one process: it writes and streams alike.
  const reader = databaseUrl
    ? await startServer({ port: PORTS.reader, dataDir, readyPath: "/healthz", entry: "apps/api/src/main.ts", env })
    : writer;
  try {
    const path = `/v1c/free-time-changes?filter[location_id]=${scenario.locationId}`;
    const live = await openEventStream(`${reader.url}${path}`);
    const book = bookingRequests(writer.url).book;
    const today = localMomentAt(Date.now(), scenario.timeZone).date;
    const fromSent: number[] = [];
    const fromAnswer: number[] = [];
    for (const [index, client] of clients.entries()) {
      const startsAt = hourOfClient(scenario, today, index);
      const sent = performance.now();
      const heard = live.next((event) => event.event === "free-times", 5_000);
      const answer = await book(client, [
        { service_price_id: String(scenario.servicePriceId), employee_id: null, starts_at: startsAt },
      ]);
      const answered = performance.now();
      if (answer.status !== 201) throw new Error(`booking ${index} answered ${answer.status}: ${await answer.text()}`);
      const event = await heard;
      // The event's arrival on the wall clock, on the same scale as performance.now().
      const arrived = event.at - Date.now() + performance.now();
      fromSent.push(arrived - sent);
      fromAnswer.push(arrived - answered);
    }
    live.close();
    const row = (samples: number[]) => {
      const sorted = samples.sort((a, b) => a - b);
      return { p50: ms(percentile(sorted, 0.5)), p95: ms(percentile(sorted, 0.95)), p99: ms(percentile(sorted, 0.99)) };
    };
    console.log(
      `${BOOKINGS} bookings through one process, each heard on ${databaseUrl ? "the other's" : "its"} open stream`,
    );
    console.table({
      "POST sent → event": row(fromSent),
      "201 received → event (negative: the event came first)": row(fromAnswer),
    });

    const baseline = await startServer({
      port: PORTS.baseline,
      dataDir,
      readyPath: "/",
      entry: "bench/baseline-stream-server.ts",
    });
    try {
      console.log(`Resident memory of ${STREAMS} open streams, per 1,000`);
      console.table({
        "GET /v1c/free-time-changes (one location)": { "per 1,000 streams": await memoryPerThousand(reader, path) },
        "bare Fastify, a stream of nothing": { "per 1,000 streams": await memoryPerThousand(baseline, "/stream") },
      });
    } finally {
      await baseline.stop();
    }
  } finally {
    if (reader !== writer) await reader.stop();
    await writer.stop();
  }
}

export async function benchLiveUpdates(): Promise<void> {
  await onEachEngine(
    POSTGRES_URL,
    ({ engine, env, dataDir, databaseUrl }) =>
      databaseUrl
        ? benchEngine("PostgreSQL, two processes", { ...env, DEMO_DATA: "false" }, dataDir, databaseUrl)
        : benchEngine(engine, env, dataDir),
    "PostgreSQL is not reachable: live updates measured on PGlite only",
  );
}

if (import.meta.main) await benchLiveUpdates();
