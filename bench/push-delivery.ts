import webpush from "web-push";
import { bookingRequests } from "@termin/api/booking/testing/booking-requests";
import { startLocalPushService, type TestBrowser } from "@termin/api/push/testing/local-push-service";
import { localMomentAt } from "@termin/domain/booking/local-time";
import { availableParallelism, loadavg } from "node:os";
import { startServer } from "../test/spawn-server.ts";
import { onEachEngine } from "./bench-database.ts";
import { hourOfClient, placeWithClients } from "./booking-clients.ts";
import { ms, percentile } from "./figures.ts";

// Push notifications (decision 0050): how long from a booking's POST until its push arrives, decrypted, at a local
// push service standing in for the browser's, through the real server (the booking's transaction queues the
// notice; its commit wakes the job worker, which writes the notification and queues its push, then sends it). Beside
// it, the floor: the same push encrypted, signed and posted straight from this process, with no server between.
const PORT = 3260;
const BOOKINGS = 50;
const POSTGRES_URL =
  process.env.BENCH_PUSH_POSTGRES_URL ?? `postgres://postgres@127.0.0.1:5432/termin_bench_push_${process.pid}`;

const row = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: ms(percentile(sorted, 0.5)), p95: ms(percentile(sorted, 0.95)), p99: ms(percentile(sorted, 0.99)) };
};

/** BOOKINGS pushes posted straight from this process to the local service, each awaited until decrypted. */
async function directPushes(
  browser: TestBrowser,
  path: string,
  next: (path: string) => Promise<{ body: Buffer; at: number }>,
) {
  const keys = webpush.generateVAPIDKeys();
  const samples: number[] = [];
  for (let index = 0; index < BOOKINGS; index++) {
    const sent = performance.now();
    const request = webpush.generateRequestDetails(
      JSON.parse(browser.token) as webpush.PushSubscription,
      JSON.stringify({ title: "Appointment booked", body: "x".repeat(120), data: { action_url: "/en/home" } }),
      { vapidDetails: { subject: "mailto:bench@termin.local", ...keys }, TTL: 60, contentEncoding: "aes128gcm" },
    );
    const arrived = next(path);
    await fetch(request.endpoint, { method: "POST", headers: request.headers, body: request.body });
    browser.decrypt((await arrived).body);
    samples.push(performance.now() - sent);
  }
  return samples;
}

async function benchEngine(name: string, env: Record<string, string>, dataDir: string, databaseUrl?: string) {
  console.log(`\nPush delivery on ${name} (${availableParallelism()} cores, load average ${loadavg()[0]?.toFixed(1)})`);
  const { scenario, clients } = await placeWithClients(databaseUrl, dataDir, BOOKINGS);
  const pushService = await startLocalPushService();
  // Development mode: only there may a subscription's endpoint be this machine's plain-http push service.
  const server = await startServer({
    port: PORT,
    dataDir,
    readyPath: "/healthz",
    entry: "apps/api/src/main.ts",
    env: { ...env, NODE_ENV: "development", WEB_CONCURRENCY: "1" },
  });
  try {
    const browsers = clients.map((_, index) => pushService.browser(`client-${index}`));
    for (const [index, client] of clients.entries()) {
      const answer = await fetch(`${server.url}/auth/user-token`, {
        method: "POST",
        headers: { authorization: client.authorization, "content-type": "application/json" },
        body: JSON.stringify({ provider: "webpush", token: browsers[index]?.token, platforms: ["web"] }),
      });
      if (answer.status !== 201)
        throw new Error(`registration ${index} answered ${answer.status}: ${await answer.text()}`);
    }
    const book = bookingRequests(server.url).book;
    const today = localMomentAt(Date.now(), scenario.timeZone).date;
    const fromSent: number[] = [];
    const fromAnswer: number[] = [];
    for (const [index, client] of clients.entries()) {
      const startsAt = hourOfClient(scenario, today, index);
      const path = `/push/client-${index}`;
      const arrived = pushService.next(path, 15_000);
      const sent = performance.now();
      const answer = await book(client, [
        { service_price_id: String(scenario.servicePriceId), employee_id: null, starts_at: startsAt },
      ]);
      const answered = performance.now();
      if (answer.status !== 201) throw new Error(`booking ${index} answered ${answer.status}: ${await answer.text()}`);
      const message = browsers[index]?.decrypt((await arrived).body) as { title?: string } | undefined;
      if (!message?.title) throw new Error(`push ${index} did not decrypt to a message`);
      const decrypted = performance.now();
      fromSent.push(decrypted - sent);
      fromAnswer.push(decrypted - answered);
    }
    const floor = pushService.browser("direct");
    console.log(
      `${BOOKINGS} bookings, one client each, each client's one browser subscribed (job workers woken on commit)`,
    );
    console.table({
      "booking POST sent → push decrypted": row(fromSent),
      "201 received → push decrypted": row(fromAnswer),
      "baseline: push posted from this process → decrypted": row(
        await directPushes(floor, "/push/direct", (path) => pushService.next(path)),
      ),
    });
  } finally {
    await server.stop();
    await pushService.close();
  }
}

export async function benchPushDelivery(): Promise<void> {
  await onEachEngine(
    POSTGRES_URL,
    ({ engine, env, dataDir, databaseUrl }) =>
      benchEngine(databaseUrl ? "PostgreSQL" : engine, { ...env, DEMO_DATA: "false" }, dataDir, databaseUrl),
    "PostgreSQL is not reachable: push delivery measured on PGlite only",
  );
}

if (import.meta.main) await benchPushDelivery();
