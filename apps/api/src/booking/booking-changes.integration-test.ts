import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorDocument } from "@termin/contracts/jsonapi";
import { bookingClaims, bookingHolds, scheduledJobs } from "@termin/db/booking-schema";
import { readJson, startTestApi, type TestApi } from "../testing/start-test-api.ts";
import { createTestClient } from "../testing/test-clients.ts";
import { HOLD_MINUTES, MAX_LIVE_HOLDS } from "./booking-holds.ts";
import { at, bookedIds, bookingRequests, dayAhead } from "./testing/booking-requests.ts";
import { createBookingScenario, type BookingScenario } from "./testing/booking-scenario.ts";

let api: TestApi;
let requests: ReturnType<typeof bookingRequests>;

beforeAll(async () => {
  api = await startTestApi();
  requests = bookingRequests(api.baseUrl);
});
afterAll(async () => {
  await api?.close();
});

const client = () => createTestClient(api.database.db);
const service = (scenario: BookingScenario, startsAt: string, employeeId?: number) => ({
  service_price_id: String(scenario.servicePriceId),
  starts_at: startsAt,
  ...(employeeId === undefined ? {} : { employee_id: String(employeeId) }),
});

interface HoldDocument {
  data: {
    id: string;
    attributes: { starts_at: string; ends_at: string; expires_at: string };
    relationships: { employee: { data: { id: string } } };
  };
}

async function heldId(response: Response): Promise<string> {
  expect(response.status, await response.clone().text()).toBe(201);
  return (await readJson<HoldDocument>(response)).data.id;
}

describe("booking holds", () => {
  it("keep a time for the holder for 10 minutes: others see it taken and cannot hold or book it", async () => {
    const scenario = await createBookingScenario(api.database.db, { employees: 1 });
    const [alice, bob] = [await client(), await client()];
    const date = dayAhead(scenario);
    const startsAt = at(scenario, date, "10:00");
    const before = Date.now();
    const response = await requests.hold(alice, scenario, startsAt);
    expect(response.status, await response.clone().text()).toBe(201);
    const hold = await readJson<HoldDocument>(response);
    expect(hold.data.attributes).toMatchObject({ starts_at: startsAt, ends_at: at(scenario, date, "11:00") });
    const expiresAt = Date.parse(hold.data.attributes.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(before + HOLD_MINUTES * 60_000 - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + HOLD_MINUTES * 60_000 + 1000);
    expect(hold.data.relationships.employee.data.id).toBe(String(scenario.employeeIds[0]));

    expect(await requests.slots(scenario, date, alice)).toContain(startsAt);
    expect(await requests.slots(scenario, date, bob)).not.toContain(startsAt);
    expect(await requests.slots(scenario, date)).not.toContain(startsAt);
    const bobsHold = await requests.hold(bob, scenario, startsAt);
    expect(bobsHold.status).toBe(409);
    expect((await readJson<ErrorDocument>(bobsHold)).errors[0]).toMatchObject({
      code: "slot_taken",
      source: { pointer: "/data/attributes/starts_at" },
    });
    expect((await requests.book(bob, [service(scenario, startsAt)])).status).toBe(409);

    const listed = await readJson<{ data: Array<{ id: string }> }>(await requests.holds(alice));
    expect(listed.data.map((each) => each.id)).toEqual([hold.data.id]);
    expect((await readJson<{ data: unknown[] }>(await requests.holds(bob))).data).toEqual([]);

    // Booking the held time turns the hold into the appointment.
    await bookedIds(await requests.book(alice, [service(scenario, startsAt)]));
    expect((await readJson<{ data: unknown[] }>(await requests.holds(alice))).data).toEqual([]);
    expect(await requests.slots(scenario, date, alice)).not.toContain(startsAt);
  });

  it("are released by their holder (204; another client's is 404) and by expiry", async () => {
    const scenario = await createBookingScenario(api.database.db, { employees: 1 });
    const [alice, bob] = [await client(), await client()];
    const date = dayAhead(scenario);
    const ten = at(scenario, date, "10:00");
    const id = await heldId(await requests.hold(alice, scenario, ten));
    expect((await requests.releaseHold(bob, id)).status).toBe(404);
    expect((await requests.releaseHold(alice, id)).status).toBe(204);
    expect((await requests.releaseHold(alice, id)).status).toBe(404);
    expect(await requests.slots(scenario, date, bob)).toContain(ten);

    const two = at(scenario, date, "14:00");
    const lapsing = await heldId(await requests.hold(alice, scenario, two));
    const past = new Date(Date.now() - 1000);
    await api.database.db
      .update(bookingHolds)
      .set({ expiresAt: past })
      .where(eq(bookingHolds.id, Number(lapsing)));
    await api.database.db
      .update(bookingClaims)
      .set({ expiresAt: past })
      .where(eq(bookingClaims.holdId, Number(lapsing)));
    expect(await requests.slots(scenario, date, bob)).toContain(two);
    expect((await readJson<{ data: unknown[] }>(await requests.holds(alice))).data).toEqual([]);
    await bookedIds(await requests.book(bob, [service(scenario, two)]));
  });

  it("count the holder's other holds as taken: a second service back to back takes the other room, then both book", async () => {
    const scenario = await createBookingScenario(api.database.db, {
      employees: 2,
      bufferAfterMinutes: 15,
      resources: { kind: "room", units: 2, needed: 1 },
    });
    const holder = await client();
    const date = dayAhead(scenario);
    const [first, second] = scenario.employeeIds;
    await heldId(await requests.hold(holder, scenario, at(scenario, date, "10:00"), first));
    // 11:00 overlaps the first service's cleanup until 11:15, so its room is not free for the second one.
    await heldId(await requests.hold(holder, scenario, at(scenario, date, "11:00"), second));
    const rooms = await api.database.db
      .select({ resourceId: bookingClaims.resourceId })
      .from(bookingClaims)
      .innerJoin(bookingHolds, eq(bookingHolds.id, bookingClaims.holdId))
      .where(eq(bookingHolds.clientId, holder.id));
    expect(new Set(rooms.map((row) => row.resourceId).filter(Boolean)).size).toBe(2);
    await bookedIds(
      await requests.book(holder, [
        service(scenario, at(scenario, date, "10:00"), first),
        service(scenario, at(scenario, date, "11:00"), second),
      ]),
    );
    expect((await readJson<{ data: unknown[] }>(await requests.holds(holder))).data).toEqual([]);
  });

  it("offer the start right where the client's service ends, off the grid, to hold and book back to back", async () => {
    const scenario = await createBookingScenario(api.database.db, { employees: 1, durationMinutes: 40 });
    const [holder, other] = [await client(), await client()];
    const date = dayAhead(scenario);
    const end = at(scenario, date, "10:40");
    await heldId(await requests.hold(holder, scenario, at(scenario, date, "10:00")));
    // Listed when asked for (the grid alone has 10:45 next), and only then.
    expect(await requests.slots(scenario, date, holder, end)).toEqual(expect.arrayContaining([end]));
    expect(await requests.slots(scenario, date, holder)).not.toContain(end);
    // Someone with no service ending then cannot take that start; the holder can, then books both.
    expect((await requests.hold(other, scenario, end)).status).toBe(422);
    await heldId(await requests.hold(holder, scenario, end));
    await bookedIds(
      await requests.book(holder, [service(scenario, at(scenario, date, "10:00")), service(scenario, end)]),
    );
    // In one booking, a second service may follow the first back to back without any hold.
    await bookedIds(
      await requests.book(other, [
        service(scenario, at(scenario, date, "13:00")),
        service(scenario, at(scenario, date, "13:40")),
      ]),
    );
    expect((await requests.book(other, [service(scenario, at(scenario, date, "15:40"))])).status).toBe(422);
  });

  it("give one of 20 racing clients the time and the others a 409", async () => {
    const scenario = await createBookingScenario(api.database.db, { employees: 1 });
    const racers = await Promise.all(Array.from({ length: 20 }, client));
    const startsAt = at(scenario, dayAhead(scenario), "15:00");
    const responses = await Promise.all(racers.map((racer) => requests.hold(racer, scenario, startsAt)));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(19).fill(409)]);
  });

  it(`stop at ${MAX_LIVE_HOLDS} per client, and holding a held service and time again replaces it`, async () => {
    const scenario = await createBookingScenario(api.database.db, { employees: 1, opens: "08:00", closes: "20:00" });
    const holder = await client();
    const date = dayAhead(scenario);
    const times = Array.from({ length: MAX_LIVE_HOLDS }, (_, hour) =>
      at(scenario, date, `${8 + hour}:00`.padStart(5, "0")),
    );
    for (const time of times) await heldId(await requests.hold(holder, scenario, time));
    await heldId(await requests.hold(holder, scenario, times[0] ?? ""));
    const over = await requests.hold(holder, scenario, at(scenario, date, "18:00"));
    expect(over.status).toBe(422);
    expect((await readJson<ErrorDocument>(over)).errors[0]?.detail).toContain(`${MAX_LIVE_HOLDS} times`);
    expect((await readJson<{ data: unknown[] }>(await requests.holds(holder))).data).toHaveLength(MAX_LIVE_HOLDS);
  });
});

/** Books `times` for a new client: one service per time, each with its own employee of the scenario. */
async function bookedFor(scenario: BookingScenario, times: string[]) {
  const owner = await client();
  const ids = await bookedIds(
    await requests.book(
      owner,
      times.map((time, index) => service(scenario, time, scenario.employeeIds[index])),
    ),
  );
  return { owner, ...ids };
}

const noticesOf = async (appointmentClientId: string) =>
  (
    await api.database.db
      .select({ key: scheduledJobs.key })
      .from(scheduledJobs)
      .where(like(scheduledJobs.key, `appointment-client:${appointmentClientId}:%`))
  )
    .map((job) => job.key.split(":").slice(2).join(":"))
    .sort();

describe("PATCH /v1c/appointments/{id}", () => {
  it("moves every service at once, frees the old times, takes the new ones and tells the client", async () => {
    const scenario = await createBookingScenario(api.database.db, { employees: 2 });
    const date = dayAhead(scenario);
    const { owner, appointmentId, appointmentClientId } = await bookedFor(scenario, [
      at(scenario, date, "10:00"),
      at(scenario, date, "11:00"),
    ]);
    const response = await requests.move(owner, appointmentId, [
      { employee_id: String(scenario.employeeIds[1]), starts_at: at(scenario, date, "14:00") },
      { employee_id: String(scenario.employeeIds[0]), starts_at: at(scenario, date, "15:00") },
    ]);
    expect(response.status, await response.clone().text()).toBe(200);
    const document = await readJson<{
      data: { id: string; attributes: { starts_at: string; ends_at: string } };
      included: Array<{ type: string; attributes: Record<string, unknown> }>;
    }>(response);
    expect(document.data).toMatchObject({
      id: appointmentId,
      attributes: { starts_at: at(scenario, date, "14:00"), ends_at: at(scenario, date, "16:00") },
    });
    const other = await client();
    const free = await requests.slots(scenario, date, other);
    // Both employees are free at 10:00 again; at 14:00 one still is (each took one of the two hours).
    expect(free).toContain(at(scenario, date, "10:00"));
    const freeAt = async (time: string, employee: number | undefined) =>
      (await requests.book(await client(), [service(scenario, at(scenario, date, time), employee)])).status;
    expect(await freeAt("14:00", scenario.employeeIds[1])).toBe(409);
    expect(await freeAt("15:00", scenario.employeeIds[0])).toBe(409);
    expect(await freeAt("11:00", scenario.employeeIds[1])).toBe(201);
    expect(await noticesOf(appointmentClientId)).toEqual([
      "booked:0:mail",
      "booked:0:notification",
      "complete",
      "reminder:mail",
      "reminder:notification",
      "rescheduled:1:mail",
      "rescheduled:1:notification",
    ]);
  });

  it("may overlap the appointment's own old time", async () => {
    const scenario = await createBookingScenario(api.database.db, { employees: 1 });
    const date = dayAhead(scenario);
    const { owner, appointmentId } = await bookedFor(scenario, [at(scenario, date, "10:00")]);
    const moved = await requests.move(owner, appointmentId, [{ starts_at: at(scenario, date, "10:30") }]);
    expect(moved.status, await moved.clone().text()).toBe(200);
  });

  it("keeps the old time when the new one is taken (409 with alternatives), and hides others' appointments", async () => {
    const scenario = await createBookingScenario(api.database.db, { employees: 1 });
    const date = dayAhead(scenario);
    const mine = await bookedFor(scenario, [at(scenario, date, "10:00")]);
    await bookedFor(scenario, [at(scenario, date, "13:00")]);
    const refused = await requests.move(mine.owner, mine.appointmentId, [{ starts_at: at(scenario, date, "13:00") }]);
    expect(refused.status).toBe(409);
    const error = (await readJson<ErrorDocument>(refused)).errors[0];
    expect(error).toMatchObject({ code: "slot_taken", source: { pointer: "/data/attributes/services/0" } });
    expect((error?.meta as { alternatives: unknown[] }).alternatives.length).toBeGreaterThan(0);
    expect(await requests.slots(scenario, date)).not.toContain(at(scenario, date, "10:00"));

    const stranger = await client();
    expect(
      (await requests.move(stranger, mine.appointmentId, [{ starts_at: at(scenario, date, "15:00") }])).status,
    ).toBe(404);
    const tooMany = await requests.move(mine.owner, mine.appointmentId, [
      { starts_at: at(scenario, date, "15:00") },
      { starts_at: at(scenario, date, "16:00") },
    ]);
    expect(tooMany.status).toBe(422);
    expect((await readJson<ErrorDocument>(tooMany)).errors[0]?.source).toEqual({
      pointer: "/data/attributes/services",
    });
    const never = await requests.move(mine.owner, mine.appointmentId, [{ starts_at: at(scenario, date, "15:05") }]);
    expect(never.status).toBe(422);
    expect((await readJson<ErrorDocument>(never)).errors[0]?.source).toEqual({
      pointer: "/data/attributes/services/0/starts_at",
    });
  });

  it("lets one of 10 clients racing to move onto one free time have it; the others keep their own", async () => {
    const scenario = await createBookingScenario(api.database.db, { employees: 1, opens: "07:00", closes: "19:00" });
    const date = dayAhead(scenario);
    const starts = Array.from({ length: 10 }, (_, hour) =>
      at(scenario, date, `${String(7 + hour).padStart(2, "0")}:00`),
    );
    const booked = await Promise.all(starts.map((start) => bookedFor(scenario, [start])));
    const target = at(scenario, date, "18:00");
    const responses = await Promise.all(
      booked.map((each) => requests.move(each.owner, each.appointmentId, [{ starts_at: target }])),
    );
    const statuses = responses.map((response) => response.status);
    expect([...statuses].sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    const free = await requests.slots(scenario, date);
    expect(free).not.toContain(target);
    // Only the winner's old hour is free again: the nine others still have theirs.
    expect(starts.map((start) => free.includes(start))).toEqual(statuses.map((status) => status === 200));
  });

  it("cancels once, frees the time and queues the cancellation notice with the reminder dropped", async () => {
    const scenario = await createBookingScenario(api.database.db, { employees: 1 });
    const date = dayAhead(scenario);
    const { owner, appointmentClientId, appointmentId } = await bookedFor(scenario, [at(scenario, date, "10:00")]);
    const answers = await Promise.all([
      requests.cancel(owner, appointmentClientId),
      requests.cancel(owner, appointmentClientId),
    ]);
    expect(answers.map((response) => response.status)).toEqual([200, 200]);
    expect(await noticesOf(appointmentClientId)).toEqual([
      "booked:0:mail",
      "booked:0:notification",
      "cancelled:1:mail",
      "cancelled:1:notification",
    ]);
    const moved = await requests.move(owner, appointmentId, [{ starts_at: at(scenario, date, "12:00") }]);
    expect(moved.status).toBe(422);
    expect(await requests.slots(scenario, date)).toContain(at(scenario, date, "10:00"));
  });
});
