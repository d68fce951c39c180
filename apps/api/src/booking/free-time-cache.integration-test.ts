import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settableClock } from "../http/clock.ts";
import { readJson, startTestApi, type TestApi } from "../testing/start-test-api.ts";
import { createTestClient } from "../testing/test-clients.ts";
import { startApiProcesses } from "./testing/api-processes.ts";
import { at, bookedIds, bookingRequests, dayAhead } from "./testing/booking-requests.ts";
import { createBookingScenario, type BookingScenario } from "./testing/booking-scenario.ts";

// Free times are kept in memory (free-time-cache.ts, decision 0045): none kept may outlive the write or the expiry
// that changes it. On PostgreSQL the writes go to one API process and the reads to another (two servers on one
// database, each with its own memory), right after each write's answer; on PGlite both are the one process.

const clock = settableClock();
let api: TestApi;
let stopProcesses: (() => Promise<void>) | undefined;
let writer: ReturnType<typeof bookingRequests>;
let reader: ReturnType<typeof bookingRequests>;

beforeAll(async () => {
  api = await startTestApi({ clock });
  const { databaseUrl } = api;
  if (databaseUrl === undefined) {
    writer = bookingRequests(api.baseUrl);
    reader = writer;
    return;
  }
  const processes = await startApiProcesses(databaseUrl, 2);
  stopProcesses = processes.stop;
  writer = bookingRequests(processes.urls[0] as string);
  reader = bookingRequests(processes.urls[1] as string);
}, 120_000);

afterAll(async () => {
  await stopProcesses?.();
  await api?.close();
});

/** One employee, so a time taken is gone from the free times of "any employee". */
async function place(): Promise<{ scenario: BookingScenario; date: string; employeeId: number }> {
  const scenario = await createBookingScenario(api.database.db, { employees: 1 });
  const employeeId = scenario.employeeIds[0];
  if (employeeId === undefined) throw new Error("the scenario has an employee");
  return { scenario, date: dayAhead(scenario), employeeId };
}

/** Reads the free times twice, so the reading process keeps them before the write. */
async function keptFreeTimes(scenario: BookingScenario, date: string): Promise<string[]> {
  const first = await reader.slots(scenario, date);
  expect(await reader.slots(scenario, date)).toEqual(first);
  return first;
}

const service = (scenario: BookingScenario, employeeId: number, startsAt: string) => [
  { service_price_id: String(scenario.servicePriceId), employee_id: String(employeeId), starts_at: startsAt },
];

describe(`free times kept in memory (${process.env.TEST_DATABASE === "postgres" ? "two API processes" : "one"})`, () => {
  it("never offers a time booked a moment before, in the other process, five bookings in a row", async () => {
    const { scenario, date, employeeId } = await place();
    const client = await createTestClient(api.database.db);
    for (const time of ["09:00", "10:00", "11:00", "12:00", "13:00"]) {
      const startsAt = at(scenario, date, time);
      expect(await keptFreeTimes(scenario, date)).toContain(startsAt);
      await bookedIds(await writer.book(client, service(scenario, employeeId, startsAt)));
      expect(await reader.slots(scenario, date)).not.toContain(startsAt);
    }
  });

  it("offers a cancelled time again, and a moved appointment's old time but not its new one", async () => {
    const { scenario, date, employeeId } = await place();
    const client = await createTestClient(api.database.db);
    const [ten, two] = [at(scenario, date, "10:00"), at(scenario, date, "14:00")];
    const booked = await bookedIds(await writer.book(client, service(scenario, employeeId, ten)));
    expect(await keptFreeTimes(scenario, date)).not.toContain(ten);
    expect((await writer.move(client, booked.appointmentId, service(scenario, employeeId, two))).status).toBe(200);
    const afterMove = await reader.slots(scenario, date);
    expect(afterMove).toContain(ten);
    expect(afterMove).not.toContain(two);
    expect((await writer.cancel(client, booked.appointmentClientId)).status).toBe(200);
    expect(await reader.slots(scenario, date)).toContain(two);
  });

  it("hides a held time at once and offers it again once the hold is released", async () => {
    const { scenario, date, employeeId } = await place();
    const client = await createTestClient(api.database.db);
    const startsAt = at(scenario, date, "11:00");
    expect(await keptFreeTimes(scenario, date)).toContain(startsAt);
    const held = await writer.hold(client, scenario, startsAt, employeeId);
    expect(held.status, await held.clone().text()).toBe(201);
    expect(await reader.slots(scenario, date)).not.toContain(startsAt);
    const { data } = await readJson<{ data: { id: string } }>(held);
    expect((await writer.releaseHold(client, data.id)).status).toBe(204);
    expect(await reader.slots(scenario, date)).toContain(startsAt);
  });

  it("sees a write no request announced (straight to the database): the claims' version changed", async () => {
    const { scenario, date, employeeId } = await place();
    const client = await createTestClient(api.database.db);
    const startsAt = at(scenario, date, "15:00");
    const booked = await bookedIds(await writer.book(client, service(scenario, employeeId, startsAt)));
    expect(await keptFreeTimes(scenario, date)).not.toContain(startsAt);
    await api.database.db.execute(sql`update booking_claims set live = false where appointment_service_id in
      (select id from appointment_services where appointment_id = ${Number(booked.appointmentId)})`);
    expect(await reader.slots(scenario, date)).toContain(startsAt);
  });
});

describe("free times kept in memory and the clock", () => {
  it("offers a held time again the moment its hold expires, with nothing written", async () => {
    // On a whole second, so the hold's expires_at (written to the second) is its expiry to the millisecond.
    clock.set(Math.floor(Date.now() / 1000) * 1000);
    const { scenario, date, employeeId } = await place();
    const here = bookingRequests(api.baseUrl);
    const client = await createTestClient(api.database.db);
    const startsAt = at(scenario, date, "12:00");
    const held = await here.hold(client, scenario, startsAt, employeeId);
    expect(held.status, await held.clone().text()).toBe(201);
    const { data } = await readJson<{ data: { attributes: { expires_at: string } } }>(held);
    expect(await here.slots(scenario, date)).not.toContain(startsAt);
    expect(await here.slots(scenario, date)).not.toContain(startsAt);
    clock.set(Date.parse(data.attributes.expires_at) - 1);
    expect(await here.slots(scenario, date)).not.toContain(startsAt);
    clock.set(Date.parse(data.attributes.expires_at));
    expect(await here.slots(scenario, date)).toContain(startsAt);
  });
});
