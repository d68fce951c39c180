import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { createTestClient } from "@termin/api/testing/test-clients";
import { JSONAPI_MEDIA_TYPE } from "@termin/contracts/jsonapi";
import { openDatabase } from "@termin/db/database";
import { rawRows } from "@termin/db/raw-rows";
import { BENCH_LOCATION } from "@termin/db/seed/demo/bench-location";
import { BENCH_APPOINTMENTS } from "@termin/db/seed/demo/generate-bench-bookings";
import { addDays } from "@termin/domain/booking/calendar";
import { localMomentAt } from "@termin/domain/booking/local-time";
import type { LocalDate } from "@termin/domain/booking/types";
import { startServer } from "../test/spawn-server.ts";
import { startBaseline } from "./baseline-server.ts";
import { dropPostgresDatabase, postgresEnv, seedDatabase } from "./bench-database.ts";
import { loadRow, measureLoad, ms, percentile } from "./figures.ts";

// Booking figures (the booking issue): on PGlite and on PostgreSQL, each seeded fresh with the demo catalogue and
// the booking bench's studio (bench-studio: 10 employees, 5,000 appointments over the next 8 weeks), the API server
// answers GET /v1c/available-slots for 31 days and for 1 day, any employee, with 1 and 10 clients; then 100
// signed-in clients POST /v1c/appointments for one free time of one employee at the same moment, in a few rounds.
// `npm run bench:booking` runs this section alone; BENCH_BOOKING_CPU_PROF=<dir> writes the server's CPU profiles;
// BENCH_BOOKING_ENGINES=postgres skips PGlite; BENCH_BOOKING_PARTS=race measures the race alone.
const PORT = 3230;
/** BENCH_BOOKING_ENGINES=postgres: the PostgreSQL figures alone (while working on them). */
const ONLY_POSTGRES = process.env.BENCH_BOOKING_ENGINES === "postgres";
/** BENCH_BOOKING_PARTS=race: the race alone, without the free-time figures. */
const ONLY_RACE = process.env.BENCH_BOOKING_PARTS === "race";
const DAYS = 31;
const CONNECTIONS = 10;
const DURATION_S = 10;
const WARM_UP_S = 3;
const RACERS = 100;
const ROUNDS = 3;
/** A database of this run's own (dropped at its end), so runs side by side never share one. */
const POSTGRES_URL =
  process.env.BENCH_BOOKING_POSTGRES_URL ?? `postgres://postgres@127.0.0.1:5432/termin_bench_booking_${process.pid}`;
/** The issue's goals, for PostgreSQL: p99 at 1 client; 500 req/s on a day a bare Fastify did 44,280 (1.1 %). */
const GOAL_P99_MS = 30;
const GOAL_SHARE_OF_BARE = 0.011;
const GOAL_RACE_P99_MS = 100;
/** Where the bare Fastify of the same run listens. */
const BASELINE_PORT = PORT + 1;

interface Engine {
  name: "PGlite" | "PostgreSQL";
  /** The server's and the seed's database: DATA_DIR (PGlite) or DATABASE_URL. */
  env: Record<string, string>;
  dataDir: string;
  databaseUrl: string | undefined;
}

/** What the bench asks for and who books it, read and written before the server starts (PGlite has one owner). */
interface Setup {
  servicePriceId: number;
  service: string;
  timeZone: string;
  authorizations: string[];
}

interface SlotsDocument {
  data: Array<{ attributes: { starts_at: string }; relationships: { employees: { data: Array<{ id: string }> } } }>;
  meta: { total: number };
}

/**
 * A service price of bench-studio that all its employees perform, preferring one that needs a room (the engine then
 * checks the rooms too), and RACERS clients signed in through the real token code.
 */
async function prepare(engine: Engine): Promise<Setup> {
  const handle = await openDatabase({ databaseUrl: engine.databaseUrl, dataDir: engine.dataDir });
  try {
    const [price] = await rawRows<{
      id: number;
      name: string;
      variant: string | null;
      duration_minutes: number;
      needs_room: boolean;
      time_zone: string;
    }>(
      handle.db,
      sql`select sp.id, s.name, sp.name as variant, sp.duration_minutes, l.time_zone,
                 exists (select 1 from service_resource_needs n where n.service_id = s.id) as needs_room
          from service_prices sp
          join services s on s.id = sp.service_id
          join locations l on l.business_id = s.business_id
          where l.id = ${BENCH_LOCATION.id}
            and (select count(*) from service_employees se join employees e on e.id = se.employee_id
                 where se.service_id = s.id and se.active and e.location_id = l.id) = ${BENCH_LOCATION.employees}
          order by needs_room desc, sp.id
          limit 1`,
    );
    if (!price) throw new Error(`${BENCH_LOCATION.slug} has no service price that all its employees perform`);
    const authorizations: string[] = [];
    for (let i = 0; i < RACERS; i++) authorizations.push((await createTestClient(handle.db)).authorization);
    const variant = price.variant ? ` (${price.variant})` : "";
    return {
      servicePriceId: price.id,
      service: `${price.name}${variant}, ${price.duration_minutes} min${price.needs_room ? ", needs a room" : ""}`,
      timeZone: price.time_zone,
      authorizations,
    };
  } finally {
    await handle.close();
  }
}

const slotsPath = (setup: Setup, from: LocalDate, to: LocalDate, employeeId?: string) =>
  `/v1c/available-slots?filter[service_price_id]=${setup.servicePriceId}&filter[location_id]=${BENCH_LOCATION.id}` +
  `&filter[date_from]=${from}&filter[date_to]=${to}${employeeId ? `&filter[employee_id]=${employeeId}` : ""}`;

async function getSlots(baseUrl: string, path: string): Promise<SlotsDocument> {
  const response = await fetch(`${baseUrl}${path}`, { headers: { accept: JSONAPI_MEDIA_TYPE } });
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as SlotsDocument;
}

const yesNo = (met: boolean) => (met ? "yes" : "no");

const percent = (share: number) => `${(share * 100).toFixed(2)} %`;

/**
 * What this machine can do at best right now: a bare Fastify answering a constant, with CONNECTIONS clients, measured
 * in the same run as the figures it is compared with (this machine's speed moves 3-4x between days).
 */
async function measureBareFastify(): Promise<number> {
  const baseline = await startBaseline(BASELINE_PORT);
  try {
    const result = await measureLoad(baseline.url, {
      connections: CONNECTIONS,
      durationS: DURATION_S,
      warmUpS: WARM_UP_S,
    });
    return result.requestsPerSecond;
  } finally {
    await baseline.close();
  }
}

/**
 * Latency with 1 client (goal: p99), then throughput with CONNECTIONS (goal: a share of the bare Fastify's req/s),
 * after a warm-up.
 */
async function measureSlots(baseUrl: string, label: string, path: string, bareFastify: number) {
  const url = `${baseUrl}${path}`;
  await measureLoad(url, { connections: CONNECTIONS, durationS: WARM_UP_S });
  const single = await measureLoad(url, { connections: 1, durationS: DURATION_S });
  const loaded = await measureLoad(url, { connections: CONNECTIONS, durationS: DURATION_S });
  const share = loaded.requestsPerSecond / bareFastify;
  return {
    [`${label}, 1 client`]: {
      ...loadRow(single),
      "bare Fastify req/s": "",
      "share of bare": "",
      "goal (PostgreSQL)": `p99 <= ${GOAL_P99_MS} ms`,
      met: yesNo(single.p99 <= GOAL_P99_MS),
    },
    [`${label}, ${CONNECTIONS} clients`]: {
      ...loadRow(loaded),
      "bare Fastify req/s": bareFastify,
      "share of bare": percent(share),
      "goal (PostgreSQL)": `>= ${percent(GOAL_SHARE_OF_BARE)} of bare`,
      met: yesNo(share >= GOAL_SHARE_OF_BARE),
    },
  };
}

/** RACERS clients POST the same employee and start at the same moment: milliseconds of each and what it answered. */
async function race(baseUrl: string, setup: Setup, employeeId: string, startsAt: string) {
  const body = JSON.stringify({
    data: {
      type: "appointments",
      attributes: {
        services: [{ service_price_id: String(setup.servicePriceId), employee_id: employeeId, starts_at: startsAt }],
      },
      relationships: { location: { data: { type: "locations", id: String(BENCH_LOCATION.id) } } },
    },
  });
  const attempts = setup.authorizations.map(async (authorization) => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/v1c/appointments`, {
      method: "POST",
      headers: { accept: JSONAPI_MEDIA_TYPE, "content-type": JSONAPI_MEDIA_TYPE, authorization },
      body,
    });
    const document = (await response.json()) as { errors?: Array<{ code?: string }> };
    const code = document.errors?.[0]?.code;
    return { ms: performance.now() - started, answer: code ? `${response.status} ${code}` : String(response.status) };
  });
  return Promise.all(attempts);
}

/** ROUNDS races, each on the first free time of another day (the first round is the server's first bookings). */
async function measureContention(baseUrl: string, setup: Setup, days: LocalDate[]) {
  const rows: Record<string, Record<string, string | number>> = {};
  for (const [index, day] of days.slice(0, ROUNDS).entries()) {
    const [slot] = (await getSlots(baseUrl, slotsPath(setup, day, day))).data;
    const employeeId = slot?.relationships.employees.data[0]?.id;
    if (!slot || !employeeId) throw new Error(`no free time on ${day}`);
    const startsAt = slot.attributes.starts_at;
    const results = await race(baseUrl, setup, employeeId, startsAt);
    const durations = results.map((result) => result.ms).sort((a, b) => a - b);
    const answers = new Map<string, number>();
    for (const { answer } of results) answers.set(answer, (answers.get(answer) ?? 0) + 1);
    const created = answers.get("201") ?? 0;
    const taken = answers.get("409 slot_taken") ?? 0;
    const others = [...answers]
      .filter(([answer]) => answer !== "201" && answer !== "409 slot_taken")
      .map(([answer, count]) => `${count} × ${answer}`);
    const after = await getSlots(baseUrl, slotsPath(setup, day, day, employeeId));
    const stillOffered = after.data.some((free) => free.attributes.starts_at === startsAt);
    rows[`round ${index + 1}: ${startsAt}, employee ${employeeId}`] = {
      requests: results.length,
      p50: ms(percentile(durations, 0.5)),
      p99: ms(percentile(durations, 0.99)),
      max: ms(durations.at(-1) ?? Number.NaN),
      "201 created": created,
      "409 slot_taken": taken,
      other: others.join(", ") || "none",
      "still offered": yesNo(stillOffered),
      "goal: one 201, the rest 409": yesNo(created === 1 && taken === results.length - 1 && !stillOffered),
      [`goal (PostgreSQL): p99 <= ${GOAL_RACE_P99_MS} ms`]: yesNo(percentile(durations, 0.99) <= GOAL_RACE_P99_MS),
    };
  }
  return rows;
}

async function benchEngine(engine: Engine): Promise<void> {
  // The load generator, the server and PostgreSQL share this machine's cores: other work on it shows in the figures.
  console.log(
    `\nBooking bench on ${engine.name} (${availableParallelism()} cores, load average ${loadavg()[0]?.toFixed(1)}): ` +
      `seeding the demo catalogue and ${BENCH_LOCATION.slug}`,
  );
  seedDatabase(engine.env, ["--booking-bench"]);
  const setup = await prepare(engine);
  const profileDir = process.env.BENCH_BOOKING_CPU_PROF;
  const server = await startServer({
    port: PORT,
    dataDir: engine.dataDir,
    readyPath: "/healthz",
    entry: "apps/api/src/main.ts",
    env: engine.env,
    execArgv: profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [],
  });
  try {
    // From tomorrow in the studio's zone, so every day asked for is whole (no lead time cutting into it).
    const from = addDays(localMomentAt(Date.now(), setup.timeZone).date, 1);
    const to = addDays(from, DAYS - 1);
    const month = await getSlots(server.url, slotsPath(setup, from, to));
    const days = [...new Set(month.data.map((slot) => slot.attributes.starts_at.slice(0, 10) as LocalDate))];
    const [day] = days;
    if (!day) throw new Error(`${BENCH_LOCATION.slug} has no free time from ${from} to ${to}`);
    const dayTotal = (await getSlots(server.url, slotsPath(setup, day, day))).meta.total;

    console.log(
      `Available slots on ${engine.name}: ${BENCH_LOCATION.slug}, ${BENCH_LOCATION.employees} employees, ` +
        `${BENCH_APPOINTMENTS.toLocaleString("en")} appointments; ` +
        `${setup.service}; any employee; ${DURATION_S} s each after a ${WARM_UP_S} s warm-up`,
    );
    // Right before the figures it is compared with: this machine's speed moves within a run too.
    const bareFastify = ONLY_RACE ? Number.NaN : await measureBareFastify();
    if (!ONLY_RACE) {
      console.log(`Bare Fastify (a constant, ${CONNECTIONS} clients) just before: ${bareFastify} req/s`);
      console.table({
        ...(await measureSlots(
          server.url,
          `${DAYS} days ${from}..${to} (${month.meta.total} slots)`,
          slotsPath(setup, from, to),
          bareFastify,
        )),
        ...(await measureSlots(
          server.url,
          `1 day ${day} (${dayTotal} slots)`,
          slotsPath(setup, day, day),
          bareFastify,
        )),
      });
    }

    console.log(
      `Booking under contention on ${engine.name}: ${RACERS} signed-in clients POST /v1c/appointments for one ` +
        `employee's free time at once, ${ROUNDS} rounds`,
    );
    console.table(await measureContention(server.url, setup, days));
  } finally {
    await server.stop();
  }
}

export async function benchBooking(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), "termin-bench-booking-"));
  try {
    const pgliteDir = join(root, "pglite");
    // DATABASE_URL emptied: the PGlite run must not follow a PostgreSQL URL in the caller's environment.
    if (!ONLY_POSTGRES)
      await benchEngine({
        name: "PGlite",
        env: { DATA_DIR: pgliteDir, DATABASE_URL: "" },
        dataDir: pgliteDir,
        databaseUrl: undefined,
      });
    const postgres = await postgresEnv(POSTGRES_URL, { fresh: true });
    if (postgres) {
      try {
        await benchEngine({
          name: "PostgreSQL",
          env: postgres,
          dataDir: join(root, "postgres"),
          databaseUrl: POSTGRES_URL,
        });
      } finally {
        await dropPostgresDatabase(POSTGRES_URL);
      }
    } else console.log(`No PostgreSQL at ${POSTGRES_URL}: booking figures on PGlite only.`);
    console.log(
      "Peers, as the issue reports them: Easy!Appointments' month view ~750 ms p50 with 5,000 appointments; " +
        "Cal.com 3-40 s for its slots.",
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

// `npm run bench:booking`: this section alone.
if (import.meta.main) await benchBooking();
