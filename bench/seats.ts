import { availableParallelism, loadavg } from "node:os";
import { sql } from "drizzle-orm";
import { createTestClient } from "@termin/api/testing/test-clients";
import { JSONAPI_MEDIA_TYPE } from "@termin/contracts/jsonapi";
import { openDatabase } from "@termin/db/database";
import { rawRows } from "@termin/db/raw-rows";
import { startServer } from "../test/spawn-server.ts";
import { onEachEngine, seedDatabase } from "./bench-database.ts";
import { ms, percentile } from "./figures.ts";

// The seat race (the classes issue): on PGlite and on PostgreSQL, seeded with the demo data, RACERS signed-in clients
// POST /v1c/appointments for one seat each of the last SEATS_LEFT seats of a demo class session at the same moment,
// in a few rounds (a new session each). The result must be exact: SEATS_LEFT 201s, the rest 409 not_enough_seats.
const PORT = 3240;
const RACERS = 50;
const SEATS_LEFT = 3;
const ROUNDS = 3;
const POSTGRES_URL =
  process.env.BENCH_SEATS_POSTGRES_URL ?? `postgres://postgres@127.0.0.1:5432/termin_bench_seats_${process.pid}`;

interface Session {
  id: number;
  servicePriceId: number;
  locationId: number;
  startsAt: string;
  capacity: number;
}

/**
 * ROUNDS empty sessions of demo classes more than two days ahead, each filled up to its last SEATS_LEFT seats by
 * one client (the business's per-booking limit lifted for it), and RACERS clients signed in.
 */
async function prepare(databaseUrl: string | undefined, dataDir: string) {
  const handle = await openDatabase({ databaseUrl, dataDir });
  try {
    const sessions = await rawRows<{
      id: number;
      service_price_id: number;
      location_id: number;
      starts_at: string;
      capacity: number;
      business_id: number;
    }>(
      handle.db,
      // One session a day: the racers of one round must not be refused by their own seat of an earlier round.
      sql`select * from (
            select distinct on (date_trunc('day', a.starts_at)) a.id, aps.service_price_id, a.location_id,
                   a.starts_at, a.capacity, l.business_id
            from appointments a join appointment_services aps on aps.appointment_id = a.id
            join locations l on l.id = a.location_id
            where a.capacity > ${SEATS_LEFT} and a.seats_taken = 0 and a.cancelled_at is null
              and a.starts_at > now() + interval '2 days'
            order by date_trunc('day', a.starts_at), a.starts_at, a.id) days
          order by starts_at limit ${ROUNDS}`,
    );
    if (sessions.length < ROUNDS) throw new Error(`the demo data has fewer than ${ROUNDS} empty class sessions ahead`);
    for (const session of sessions) {
      await handle.db.execute(
        sql`update businesses set settings = settings || jsonb_build_object('maxSeatsPerBooking', ${session.capacity}::int)
            where id = ${session.business_id}`,
      );
    }
    const filler = await createTestClient(handle.db);
    const racers: string[] = [];
    for (let i = 0; i < RACERS; i++) racers.push((await createTestClient(handle.db)).authorization);
    return {
      sessions: sessions.map((row): Session => ({
        id: row.id,
        servicePriceId: row.service_price_id,
        locationId: row.location_id,
        startsAt: new Date(row.starts_at).toISOString(),
        capacity: row.capacity,
      })),
      filler: filler.authorization,
      racers,
    };
  } finally {
    await handle.close();
  }
}

function bookSeats(baseUrl: string, authorization: string, session: Session, seats: number) {
  return fetch(`${baseUrl}/v1c/appointments`, {
    method: "POST",
    headers: { accept: JSONAPI_MEDIA_TYPE, "content-type": JSONAPI_MEDIA_TYPE, authorization },
    body: JSON.stringify({
      data: {
        type: "appointments",
        attributes: {
          seats_count: seats,
          services: [{ service_price_id: String(session.servicePriceId), starts_at: session.startsAt }],
        },
        relationships: { location: { data: { type: "locations", id: String(session.locationId) } } },
      },
    }),
  });
}

async function race(baseUrl: string, racers: string[], session: Session) {
  return Promise.all(
    racers.map(async (authorization) => {
      const started = performance.now();
      const response = await bookSeats(baseUrl, authorization, session, 1);
      const document = (await response.json()) as { errors?: Array<{ code?: string }> };
      const code = document.errors?.[0]?.code;
      return { ms: performance.now() - started, answer: code ? `${response.status} ${code}` : String(response.status) };
    }),
  );
}

async function benchEngine(name: string, env: Record<string, string>, dataDir: string, databaseUrl?: string) {
  console.log(
    `\nSeat race on ${name} (${availableParallelism()} cores, load average ${loadavg()[0]?.toFixed(1)}): seeding the demo data`,
  );
  seedDatabase(env, []);
  const setup = await prepare(databaseUrl, dataDir);
  const server = await startServer({ port: PORT, dataDir, readyPath: "/healthz", entry: "apps/api/src/main.ts", env });
  try {
    const rows: Record<string, Record<string, string | number>> = {};
    for (const [index, session] of setup.sessions.entries()) {
      const filled = await bookSeats(server.url, setup.filler, session, session.capacity - SEATS_LEFT);
      if (filled.status !== 201) throw new Error(`filling session ${session.id} answered ${filled.status}`);
      const results = await race(server.url, setup.racers, session);
      const durations = results.map((result) => result.ms).sort((a, b) => a - b);
      const created = results.filter((result) => result.answer === "201").length;
      const refused = results.filter((result) => result.answer === "409 not_enough_seats").length;
      rows[`round ${index + 1}: session ${session.id}, ${session.capacity} seats`] = {
        requests: results.length,
        p50: ms(percentile(durations, 0.5)),
        p99: ms(percentile(durations, 0.99)),
        "201 created": created,
        "409 not_enough_seats": refused,
        [`exact: ${SEATS_LEFT} seats, the rest 409`]:
          created === SEATS_LEFT && refused === RACERS - SEATS_LEFT ? "yes" : "NO",
      };
    }
    console.log(`${RACERS} clients POST /v1c/appointments for 1 seat each of the last ${SEATS_LEFT} at once`);
    console.table(rows);
  } finally {
    await server.stop();
  }
}

export async function benchSeats(): Promise<void> {
  await onEachEngine(
    POSTGRES_URL,
    ({ engine, env, dataDir, databaseUrl }) => benchEngine(engine, env, dataDir, databaseUrl),
    "PostgreSQL is not reachable: the seat race ran on PGlite only",
  );
}

if (import.meta.main) await benchSeats();
