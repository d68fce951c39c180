import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorDocument } from "@termin/contracts/jsonapi";
import { rawRows } from "@termin/db/raw-rows";
import { addDays } from "@termin/domain/booking/calendar";
import { readJson, startTestApi, type TestApi } from "../testing/start-test-api.ts";
import { createTestClient, type TestClient } from "../testing/test-clients.ts";
import { startApiProcesses } from "./testing/api-processes.ts";
import { at, bookedIds, bookingRequests, dayAhead } from "./testing/booking-requests.ts";
import { createBookingScenario, type BookingScenario } from "./testing/booking-scenario.ts";

// Booking under concurrency as production runs it: on PostgreSQL, two API server processes on one database (each
// with its own connection pool), so the requests racing meet only in the database; on PGlite, the one process.

/** How long the mixed load runs; BOOKING_LOAD_SECONDS shortens it while working on this file. */
const LOAD_SECONDS = Number(process.env.BOOKING_LOAD_SECONDS ?? 60);
const VIRTUAL_CLIENTS = 12;

let api: TestApi;
let stopProcesses: (() => Promise<void>) | undefined;
/** The base URLs requests are spread over. */
let servers: string[] = [];

beforeAll(async () => {
  api = await startTestApi();
  const { databaseUrl } = api;
  if (databaseUrl === undefined) {
    servers = [api.baseUrl];
    return;
  }
  const processes = await startApiProcesses(databaseUrl, 2);
  stopProcesses = processes.stop;
  servers = processes.urls;
}, 120_000);

afterAll(async () => {
  await stopProcesses?.();
  await api?.close();
});

const serverFor = (index: number) => servers[index % servers.length] ?? api.baseUrl;

describe(`booking across ${process.env.TEST_DATABASE === "postgres" ? "two API processes" : "the API process"}`, () => {
  it("gives one of 100 clients racing for one time the booking and the 99 others a 409 naming the service, with alternatives", async () => {
    const scenario = await createBookingScenario(api.database.db, { employees: 1 });
    const racers = await Promise.all(Array.from({ length: 100 }, () => createTestClient(api.database.db)));
    const startsAt = at(scenario, dayAhead(scenario), "11:00");
    const responses = await Promise.all(
      racers.map((racer, index) =>
        bookingRequests(serverFor(index)).book(racer, [
          { service_price_id: String(scenario.servicePriceId), starts_at: startsAt },
        ]),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(99);
    const conflict = await readJson<ErrorDocument>(responses.find((response) => response.status === 409) as Response);
    expect(conflict.errors[0]).toMatchObject({
      status: "409",
      code: "slot_taken",
      source: { pointer: "/data/attributes/services/0" },
    });
    const alternatives = (conflict.errors[0]?.meta as { alternatives: Array<{ starts_at: string }> }).alternatives;
    expect(alternatives.length).toBeGreaterThan(0);
    expect(alternatives.map((each) => each.starts_at)).not.toContain(startsAt);
  });

  it("books one client into one of 20 overlapping times racing at two places, and answers the 19 others whose it is", async () => {
    // Ten professionals at each of two places: only the client's own time can keep the racers apart.
    const places = await Promise.all(
      [0, 1].map(() => createBookingScenario(api.database.db, { employees: 10, opens: "08:00", closes: "20:00" })),
    );
    const client = await createTestClient(api.database.db);
    const date = dayAhead(places[0] as BookingScenario, 4);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => {
        const place = places[index % 2] as BookingScenario;
        // 60-minute services starting 10:00 to 10:45: any two overlap.
        const startsAt = at(place, date, `10:${String(15 * (index % 4)).padStart(2, "0")}`);
        return bookingRequests(serverFor(index)).book(client, [
          {
            service_price_id: String(place.servicePriceId),
            employee_id: String(place.employeeIds[Math.floor(index / 2)]),
            starts_at: startsAt,
          },
        ]);
      }),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const booked = await bookedIds(responses.find((response) => response.status === 201) as Response);
    for (const refused of responses.filter((response) => response.status === 409)) {
      const [error] = (await readJson<ErrorDocument>(refused)).errors;
      expect(error).toMatchObject({
        code: "overlaps_own_booking",
        source: { pointer: "/data/attributes/services/0" },
        meta: { appointment_id: booked.appointmentId, appointment_client_id: booked.appointmentClientId },
      });
    }
    const [{ live } = { live: -1 }] = await rawRows<{ live: number }>(
      api.database.db,
      sql`select count(*)::int as live from client_claims where client_id = ${client.id} and live`,
    );
    expect(live).toBe(1);
  });

  it(
    `ends ${LOAD_SECONDS} s of mixed load (slots, holds, bookings, moves, cancellations) with no two live appointments overlapping`,
    async () => {
      const scenario = await createBookingScenario(api.database.db, {
        employees: 3,
        bufferAfterMinutes: 15,
        resources: { kind: "room", units: 2, needed: 1 },
      });
      const clients = await Promise.all(
        Array.from({ length: VIRTUAL_CLIENTS }, () => createTestClient(api.database.db)),
      );
      const deadline = Date.now() + LOAD_SECONDS * 1000;
      const tally = new Map<string, number>();
      await Promise.all(
        clients.map((client, index) => runVirtualClient(scenario, client, serverFor(index), deadline, tally)),
      );

      const count = (key: string) => tally.get(key) ?? 0;
      // Every answer is one a client is promised: no 5xx, no other status.
      const unexpected = [...tally].filter(([key]) => !/ (200|201|204|409)$/.test(key));
      expect(unexpected).toEqual([]);
      // The load did what it says: each kind of change succeeded and raced.
      for (const done of ["book 201", "move 200", "cancel 200", "hold 201"])
        expect(count(done), done).toBeGreaterThan(0);
      expect(count("book 409") + count("move 409") + count("hold 409")).toBeGreaterThan(0);

      console.info(
        `Mixed booking load over ${servers.length} process(es), ${LOAD_SECONDS} s:`,
        Object.fromEntries(tally),
      );
      expect(await overlappingAppointments(scenario)).toEqual([]);
      expect(await claimsOutOfStep(scenario)).toEqual([]);
    },
    (LOAD_SECONDS + 60) * 1000,
  );
});

const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(Math.random() * list.length)];

/** One client's loop until the deadline: looks at free times and books, holds, moves or cancels one at random. */
async function runVirtualClient(
  scenario: BookingScenario,
  client: TestClient,
  baseUrl: string,
  deadline: number,
  tally: Map<string, number>,
) {
  const requests = bookingRequests(baseUrl);
  const mine: Array<{ appointmentId: string; appointmentClientId: string }> = [];
  const record = (what: string, response: Response) => {
    const key = `${what} ${response.status}`;
    tally.set(key, (tally.get(key) ?? 0) + 1);
  };
  while (Date.now() < deadline) {
    // Two days of a small place keep the times scarce, so requests collide.
    const date = dayAhead(scenario, 2 + Math.floor(Math.random() * 2));
    const free = await requests.slots(scenario, date, client);
    const time = pick(free) ?? at(scenario, addDays(date, 1), "09:00");
    const roll = Math.random();
    if (roll < 0.45 || mine.length === 0) {
      const response = await requests.book(client, [
        { service_price_id: String(scenario.servicePriceId), starts_at: time },
      ]);
      record("book", response);
      if (response.status === 201) mine.push(await bookedIds(response));
    } else if (roll < 0.7) {
      const own = pick(mine);
      if (!own) continue;
      const response = await requests.move(client, own.appointmentId, [{ starts_at: time }]);
      record("move", response);
    } else if (roll < 0.85) {
      const own = mine.splice(Math.floor(Math.random() * mine.length), 1)[0];
      if (!own) continue;
      record("cancel", await requests.cancel(client, own.appointmentClientId));
    } else {
      const response = await requests.hold(client, scenario, time);
      record("hold", response);
      if (response.status === 201) {
        const { data } = await readJson<{ data: { id: string } }>(response);
        record("release", await requests.releaseHold(client, data.id));
      }
    }
  }
}

/** Pairs of appointments not cancelled whose times (with the buffer) overlap on one employee: must be none. */
function overlappingAppointments(scenario: BookingScenario) {
  return rawRows<{ a: number; b: number }>(
    api.database.db,
    sql`with live as (
          select s.id, e.employee_id, tstzrange(s.starts_at, s.ends_at + interval '15 minutes') as during
          from appointment_services s
          join appointment_service_employees e on e.appointment_service_id = s.id
          join appointment_clients c on c.appointment_id = s.appointment_id
          join appointments a on a.id = s.appointment_id
          where a.location_id = ${scenario.locationId} and c.status_id <> 4
        )
        select x.id as a, y.id as b from live x join live y
          on x.id < y.id and x.employee_id = y.employee_id and x.during && y.during`,
  );
}

/**
 * Appointment services whose live claims do not mirror them: a live appointment's service has one employee claim
 * at its times and one room claim; a cancelled one has none. Must be none.
 */
function claimsOutOfStep(scenario: BookingScenario) {
  return rawRows<{ id: number; employee_claims: number; room_claims: number; cancelled: boolean }>(
    api.database.db,
    sql`select s.id, c.status_id = 4 as cancelled,
               count(*) filter (where k.live and k.employee_id = e.employee_id
                 and k.during = tstzrange(s.starts_at, s.ends_at + interval '15 minutes'))::int as employee_claims,
               count(*) filter (where k.live and k.resource_id is not null)::int as room_claims
        from appointment_services s
        join appointment_service_employees e on e.appointment_service_id = s.id
        join appointment_clients c on c.appointment_id = s.appointment_id
        join appointments a on a.id = s.appointment_id
        left join booking_claims k on k.appointment_service_id = s.id
        where a.location_id = ${scenario.locationId}
        group by s.id, c.status_id
        having (c.status_id = 4 and count(*) filter (where k.live) > 0)
            or (c.status_id <> 4 and (count(*) filter (where k.live and k.employee_id = e.employee_id
                 and k.during = tstzrange(s.starts_at, s.ends_at + interval '15 minutes')) <> 1
                 or count(*) filter (where k.live and k.resource_id is not null) <> 1))`,
  );
}
