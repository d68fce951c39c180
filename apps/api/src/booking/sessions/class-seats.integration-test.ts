import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorDocument } from "@termin/contracts/jsonapi";
import { rawRows } from "@termin/db/raw-rows";
import { freePort, startServer, type RunningServer } from "../../../../../test/spawn-server.ts";
import { settableClock } from "../../http/clock.ts";
import { readJson, startTestApi, type TestApi } from "../../testing/start-test-api.ts";
import { createTestClient, type TestClient } from "../../testing/test-clients.ts";
import { at, bookedIds, bookingRequests, dayAhead } from "../testing/booking-requests.ts";
import { createBookingScenario, type BookingScenario } from "../testing/booking-scenario.ts";
import { addClassSession, makeClass } from "../testing/class-session.ts";

// Seats in a class session: the database's count and check decide, whatever the requests racing. The four ways
// Cal.com's seated events fail (its issues #13331, #7967, #14704, #18460) each have a test here.

const clock = settableClock();
let api: TestApi;
let requests: ReturnType<typeof bookingRequests>;
let dataDir: string | undefined;
let spawned: RunningServer[] = [];

beforeAll(async () => {
  api = await startTestApi({ clock });
  requests = bookingRequests(api.baseUrl);
}, 120_000);

afterAll(async () => {
  await Promise.all(spawned.map((server) => server.stop()));
  await api?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const CAPACITY = 8;

/**
 * A place with a class of CAPACITY seats at 5000 a seat (one booking may take them all unless said otherwise), and
 * one session of it three days ahead at 18:00.
 */
async function classSession(options: { maxSeatsPerBooking?: number; timeZone?: string } = {}) {
  const scenario = await createBookingScenario(api.database.db, {
    employees: 1,
    opens: "07:00",
    closes: "21:00",
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
    settings: { maxSeatsPerBooking: options.maxSeatsPerBooking ?? CAPACITY },
  });
  await makeClass(api.database.db, scenario, CAPACITY);
  const startsAt = at(scenario, dayAhead(scenario), "18:00");
  const sessionId = await addClassSession(api.database.db, scenario, { startsAt, capacity: CAPACITY });
  return { scenario, startsAt, sessionId };
}

const clients = (count: number) => Promise.all(Array.from({ length: count }, () => createTestClient(api.database.db)));

async function seatsTaken(sessionId: number): Promise<number> {
  const [row] = await rawRows<{ seats_taken: number }>(
    api.database.db,
    sql`select seats_taken from appointments where id = ${sessionId}`,
  );
  return row?.seats_taken ?? -1;
}

async function liveInstructorClaims(sessionId: number): Promise<number> {
  const [row] = await rawRows<{ live: number }>(
    api.database.db,
    sql`select count(*)::int as live from booking_claims k join appointment_services s on s.id = k.appointment_service_id
        where s.appointment_id = ${sessionId} and k.live`,
  );
  return row?.live ?? -1;
}

async function firstError(response: Response) {
  return (await readJson<ErrorDocument>(response)).errors[0];
}

async function bookSeats(client: TestClient, scenario: BookingScenario, startsAt: string, seats: number) {
  const response = await requests.bookSeats(client, scenario, startsAt, seats);
  return { response, ids: response.status === 201 ? await bookedIds(response.clone()) : undefined };
}

describe("POST /v1c/appointments with seats in a class session", () => {
  it("books 2 seats into the session itself, at the price times the seats", async () => {
    const { scenario, startsAt, sessionId } = await classSession();
    const [client] = await clients(1);
    const response = await requests.bookSeats(client as TestClient, scenario, startsAt, 2);
    expect(response.status, await response.clone().text()).toBe(201);
    const document = await readJson<{
      data: { id: string; attributes: { starts_at: string } };
      included: Array<{ type: string; attributes: Record<string, unknown> }>;
    }>(response);
    expect(document.data.id).toBe(String(sessionId));
    expect(document.data.attributes.starts_at).toBe(startsAt);
    const place = document.included.find((resource) => resource.type === "appointment-clients");
    expect(place?.attributes).toMatchObject({ seats_count: 2, total_amount: 10_000, currency: "EUR" });
    expect(await seatsTaken(sessionId)).toBe(2);
  });

  it("counts both clients who book an empty session at the same moment (Cal.com #7967)", async () => {
    const { scenario, startsAt, sessionId } = await classSession();
    const [first, second] = (await clients(2)) as [TestClient, TestClient];
    const answers = await Promise.all([
      requests.bookSeats(first, scenario, startsAt, 1),
      requests.bookSeats(second, scenario, startsAt, 2),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    expect(await seatsTaken(sessionId)).toBe(3);
  });

  it("refuses more seats than are left with a 409 naming seats_count and how many are left (Cal.com #13331)", async () => {
    const { scenario, startsAt, sessionId } = await classSession();
    const [first, second, third] = (await clients(3)) as [TestClient, TestClient, TestClient];
    expect((await bookSeats(first, scenario, startsAt, 4)).response.status).toBe(201);
    expect((await bookSeats(second, scenario, startsAt, 3)).response.status).toBe(201);
    const tooMany = await requests.bookSeats(third, scenario, startsAt, 2);
    expect(tooMany.status).toBe(409);
    expect(await firstError(tooMany)).toMatchObject({
      code: "not_enough_seats",
      source: { pointer: "/data/attributes/seats_count" },
      detail: "Only 1 seat is left in this class: book fewer seats.",
      meta: { reason: "not_enough_seats", seats_left: 1 },
    });
    expect((await bookSeats(third, scenario, startsAt, 1)).response.status).toBe(201);
    const full = await requests.bookSeats((await clients(1))[0] as TestClient, scenario, startsAt, 1);
    expect(full.status).toBe(409);
    expect(await firstError(full)).toMatchObject({ code: "not_enough_seats", meta: { seats_left: 0 } });
    expect(await seatsTaken(sessionId)).toBe(CAPACITY);
  });

  it("keeps a session bookable after its first seat is taken (Cal.com #14704) and after its last attendee leaves (#18460)", async () => {
    const { scenario, startsAt, sessionId } = await classSession();
    const [first, second] = (await clients(2)) as [TestClient, TestClient];
    const firstPlace = await bookSeats(first, scenario, startsAt, 1);
    const secondPlace = await bookSeats(second, scenario, startsAt, 1);
    expect(secondPlace.ids?.appointmentId).toBe(firstPlace.ids?.appointmentId);
    for (const [client, place] of [
      [first, firstPlace],
      [second, secondPlace],
    ] as const) {
      const cancelled = await requests.cancel(client, place.ids?.appointmentClientId ?? "");
      expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    }
    expect(await seatsTaken(sessionId)).toBe(0);
    // The instructor and the room stay the session's: an empty class still takes place and can still be booked.
    expect(await liveInstructorClaims(sessionId)).toBe(1);
    const again = await bookSeats(first, scenario, startsAt, CAPACITY);
    expect(again.response.status).toBe(201);
    expect(again.ids?.appointmentId).toBe(String(sessionId));
  });

  it("releases only the cancelling client's seats; the others keep theirs", async () => {
    const { scenario, startsAt, sessionId } = await classSession();
    const [leaving, staying] = (await clients(2)) as [TestClient, TestClient];
    const left = await bookSeats(leaving, scenario, startsAt, 3);
    const kept = await bookSeats(staying, scenario, startsAt, 2);
    await requests.cancel(leaving, left.ids?.appointmentClientId ?? "");
    expect(await seatsTaken(sessionId)).toBe(2);
    const mine = await fetch(`${api.baseUrl}/v1c/appointment-clients/${kept.ids?.appointmentClientId}`, {
      headers: { authorization: staying.authorization },
    });
    expect((await readJson<{ data: { attributes: { seats_count: number } } }>(mine)).data.attributes.seats_count).toBe(
      2,
    );
    expect(await liveInstructorClaims(sessionId)).toBe(1);
  });

  it("refuses to move a shared session: the client cancels and books another", async () => {
    const { scenario, startsAt } = await classSession();
    const [client] = (await clients(1)) as [TestClient];
    const booked = await bookSeats(client, scenario, startsAt, 1);
    const moved = await requests.move(client, booked.ids?.appointmentId ?? "", [
      { starts_at: at(scenario, dayAhead(scenario, 4), "18:00") },
    ]);
    expect(moved.status).toBe(422);
    expect(await firstError(moved)).toMatchObject({ code: "class_not_movable" });
  });

  it("refuses seats beyond the business's per-booking maximum, seats for an appointment, and a time with no session", async () => {
    const { scenario, startsAt } = await classSession({ maxSeatsPerBooking: 2 });
    const [client] = (await clients(1)) as [TestClient];
    const beyond = await requests.bookSeats(client, scenario, startsAt, 3);
    expect(beyond.status).toBe(422);
    expect(await firstError(beyond)).toMatchObject({
      code: "too_many_seats",
      source: { pointer: "/data/attributes/seats_count" },
      meta: { limit: 2 },
    });
    const noSession = await requests.bookSeats(client, scenario, at(scenario, dayAhead(scenario), "19:00"), 1);
    expect(noSession.status).toBe(422);
    expect(await firstError(noSession)).toMatchObject({
      code: "no_such_session",
      source: { pointer: "/data/attributes/services/0/starts_at" },
    });
    const place = await createBookingScenario(api.database.db, { employees: 1 });
    const appointment = await requests.bookSeats(client, place, at(place, dayAhead(place), "10:00"), 2);
    expect(appointment.status).toBe(422);
    expect(await firstError(appointment)).toMatchObject({ code: "seats_only_for_classes" });
  });

  it("holds seats for others to see taken, frees them when the hold expires, and books the held seats once", async () => {
    const { scenario, startsAt, sessionId } = await classSession({ timeZone: "America/New_York" });
    const [holder, other] = (await clients(2)) as [TestClient, TestClient];
    const held = await requests.holdSeats(holder, scenario, startsAt, 6);
    expect(held.status, await held.clone().text()).toBe(201);
    expect((await readJson<{ data: { attributes: { seats_count: number } } }>(held)).data.attributes.seats_count).toBe(
      6,
    );
    const meanwhile = await requests.bookSeats(other, scenario, startsAt, 3);
    expect(meanwhile.status).toBe(409);
    expect(await firstError(meanwhile)).toMatchObject({ meta: { seats_left: 2 } });
    // The holder books what they hold: the hold becomes their place, its seats counted once.
    expect((await bookSeats(holder, scenario, startsAt, 6)).response.status).toBe(201);
    expect(await seatsTaken(sessionId)).toBe(6);

    const second = await classSession();
    expect((await requests.holdSeats(holder, second.scenario, second.startsAt, CAPACITY)).status).toBe(201);
    expect((await requests.bookSeats(other, second.scenario, second.startsAt, 1)).status).toBe(409);
    clock.advance(11 * 60_000);
    try {
      expect((await requests.bookSeats(other, second.scenario, second.startsAt, CAPACITY)).status).toBe(201);
      expect(await seatsTaken(second.sessionId)).toBe(CAPACITY);
    } finally {
      clock.advance(-11 * 60_000);
    }
  });
});

describe(`the last seats raced for ${process.env.TEST_DATABASE === "postgres" ? "across two API processes" : "in the API process"}`, () => {
  let servers: string[] = [];
  beforeAll(async () => {
    const { databaseUrl } = api;
    if (databaseUrl === undefined) {
      servers = [api.baseUrl];
      return;
    }
    dataDir = await mkdtemp(join(tmpdir(), "termin-seats-"));
    spawned = await Promise.all(
      [0, 1].map(async () =>
        startServer({
          port: await freePort(),
          dataDir: dataDir as string,
          readyPath: "/healthz",
          entry: "apps/api/src/main.ts",
          env: { DATABASE_URL: databaseUrl },
        }),
      ),
    );
    servers = spawned.map((server) => server.url);
  }, 120_000);

  it("gives 50 clients racing for the last 3 seats exactly 3 seats", async () => {
    const { scenario, startsAt, sessionId } = await classSession();
    const [early] = (await clients(1)) as [TestClient];
    expect((await bookSeats(early, scenario, startsAt, CAPACITY - 3)).response.status).toBe(201);
    const racers = await clients(50);
    const answers = await Promise.all(
      racers.map((racer, index) =>
        bookingRequests(servers[index % servers.length] ?? api.baseUrl).bookSeats(racer, scenario, startsAt, 1),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(47);
    const refused = await firstError(answers.find((answer) => answer.status === 409) as Response);
    expect(refused).toMatchObject({ code: "not_enough_seats", source: { pointer: "/data/attributes/seats_count" } });
    expect(await seatsTaken(sessionId)).toBe(CAPACITY);
    const [{ places } = { places: -1 }] = await rawRows<{ places: number }>(
      api.database.db,
      sql`select coalesce(sum(seats_count), 0)::int as places from appointment_clients
          where appointment_id = ${sessionId} and status_id <> 4`,
    );
    expect(places).toBe(CAPACITY);
  }, 120_000);
});
