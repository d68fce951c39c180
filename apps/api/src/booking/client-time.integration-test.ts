import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorDocument } from "@termin/contracts/jsonapi";
import { servicePrices } from "@termin/db/catalogue-schema";
import { rawRows } from "@termin/db/raw-rows";
import { readJson, startTestApi, type TestApi } from "../testing/start-test-api.ts";
import { createTestClient, type TestClient } from "../testing/test-clients.ts";
import { at, bookedIds, bookingRequests, dayAhead, type SlotDocument } from "./testing/booking-requests.ts";
import { createBookingScenario, type BookingScenario } from "./testing/booking-scenario.ts";

// One person, one place at a time: a client's own appointments and holds are busy for them, at every place.

let api: TestApi;
/** Two places of two businesses, one in Sofia and one in London: the rule holds across places and zones. */
let sofia: BookingScenario;
let london: BookingScenario;

beforeAll(async () => {
  api = await startTestApi();
  sofia = await createBookingScenario(api.database.db, { timeZone: "Europe/Sofia" });
  london = await createBookingScenario(api.database.db, { timeZone: "Europe/London", opens: "07:00" });
});
afterAll(() => api.close());

const requests = () => bookingRequests(api.baseUrl);
const service = (scenario: BookingScenario, startsAt: string, employeeId: number | null = null) => ({
  service_price_id: String(scenario.servicePriceId),
  employee_id: employeeId === null ? null : String(employeeId),
  starts_at: startsAt,
});

async function firstError(response: Response, status: number) {
  expect(response.status, await response.clone().text()).toBe(status);
  const [error] = (await readJson<ErrorDocument>(response)).errors;
  return error;
}

async function slotsOf(scenario: BookingScenario, date: string, client: TestClient | null, extra = "") {
  const response = await fetch(
    `${api.baseUrl}/v1c/available-slots?filter[service_price_id]=${scenario.servicePriceId}&filter[location_id]=${scenario.locationId}&filter[date_from]=${date}&filter[date_to]=${date}${extra}`,
    { headers: client ? { authorization: client.authorization } : {} },
  );
  expect(response.status, await response.clone().text()).toBe(200);
  return (await readJson<SlotDocument>(response)).data;
}

describe("a client's own time", () => {
  it("refuses a booking at another place that overlaps the client's appointment, naming it, and takes one right after", async () => {
    const client = await createTestClient(api.database.db);
    const date = dayAhead(sofia, 3);
    // 10:00-11:00 in Sofia is 08:00-09:00 in London.
    const booked = await bookedIds(await requests().book(client, [service(sofia, at(sofia, date, "10:00"))]));
    const error = await firstError(await requests().book(client, [service(london, at(london, date, "08:30"))]), 409);
    expect(error).toMatchObject({
      code: "overlaps_own_booking",
      source: { pointer: "/data/attributes/services/0" },
      meta: {
        appointment_id: booked.appointmentId,
        appointment_client_id: booked.appointmentClientId,
        starts_at: at(sofia, date, "10:00"),
        ends_at: at(sofia, date, "11:00"),
      },
    });
    expect(error?.detail).toContain("one person can be in one place at a time");
    // Touching is not overlapping: 09:00 London is 11:00 Sofia, when the first appointment ends.
    expect((await requests().book(client, [service(london, at(london, date, "09:00"))])).status).toBe(201);
    // Another client is not held up by this one's time.
    const other = await createTestClient(api.database.db);
    expect((await requests().book(other, [service(london, at(london, date, "08:00"))])).status).toBe(201);
  });

  it("frees the client's time when they cancel, and moves it with the appointment", async () => {
    const client = await createTestClient(api.database.db);
    const date = dayAhead(sofia, 4);
    const first = await bookedIds(await requests().book(client, [service(sofia, at(sofia, date, "10:00"))]));
    // Moving by 30 minutes overlaps only the appointment's own old time.
    expect((await requests().move(client, first.appointmentId, [{ starts_at: at(sofia, date, "10:30") }])).status).toBe(
      200,
    );
    const clash = await firstError(await requests().book(client, [service(london, at(london, date, "08:00"))]), 409);
    expect(clash).toMatchObject({ code: "overlaps_own_booking" });
    expect((await requests().book(client, [service(london, at(london, date, "07:30"))])).status).toBe(201);
    expect((await requests().cancel(client, first.appointmentClientId)).status).toBe(200);
    expect((await requests().book(client, [service(london, at(london, date, "08:30"))])).status).toBe(201);
  });

  it("offers an appointment being moved the times that overlap its own, and only to its client", async () => {
    const client = await createTestClient(api.database.db);
    const date = dayAhead(sofia, 10);
    const employeeId = sofia.employeeIds[0] ?? 0;
    const booked = await bookedIds(
      await requests().book(client, [service(sofia, at(sofia, date, "10:00"), employeeId)]),
    );
    const withEmployee = `&filter[employee_id]=${employeeId}`;
    const moving = `${withEmployee}&filter[appointment_id]=${booked.appointmentId}`;
    const ownTime = ["09:15", "09:30", "10:00", "10:15", "10:45"].map((time) => at(sofia, date, time));
    const startsOf = async (extra: string, who: TestClient | null = client) =>
      (await slotsOf(sofia, date, who, extra)).map((slot) => slot.attributes.starts_at);
    // Without the filter the appointment's own time is taken, for its employee and for its client.
    expect((await startsOf(withEmployee)).filter((time) => ownTime.includes(time))).toEqual([]);
    expect(await startsOf(moving)).toEqual(expect.arrayContaining(ownTime));
    // What the list offers, the move takes: 15 minutes later, overlapping its old time.
    const later = at(sofia, date, "10:15");
    const move = await requests().move(client, booked.appointmentId, [
      { employee_id: String(employeeId), starts_at: later },
    ]);
    expect(move.status, await move.clone().text()).toBe(200);

    const other = await createTestClient(api.database.db);
    const refused = await fetch(
      `${api.baseUrl}/v1c/available-slots?filter[service_price_id]=${sofia.servicePriceId}&filter[location_id]=${sofia.locationId}&filter[date_from]=${date}&filter[date_to]=${date}${moving}`,
      { headers: { authorization: other.authorization } },
    );
    expect(await firstError(refused, 400)).toMatchObject({
      code: "invalid_parameter",
      source: { parameter: "filter[appointment_id]" },
    });
    const anonymous = await fetch(
      `${api.baseUrl}/v1c/available-slots?filter[service_price_id]=${sofia.servicePriceId}&filter[location_id]=${sofia.locationId}${moving}`,
    );
    expect(await firstError(anonymous, 401)).toMatchObject({ code: "unauthenticated" });
  });

  it("does not offer a signed-in client times that overlap their own holds and appointments elsewhere", async () => {
    const client = await createTestClient(api.database.db);
    const date = dayAhead(sofia, 5);
    const hold = await requests().hold(client, sofia, at(sofia, date, "12:00"));
    expect(hold.status, await hold.clone().text()).toBe(201);
    const { data } = await readJson<{ data: { id: string } }>(hold);
    const mine = (await slotsOf(london, date, client)).map((slot) => slot.attributes.starts_at);
    const anyone = (await slotsOf(london, date, null)).map((slot) => slot.attributes.starts_at);
    // 12:00-13:00 Sofia is 10:00-11:00 London: a 60-minute service may end at 10:00 or start at 11:00.
    const inTheWay = ["09:15", "09:30", "09:45", "10:00", "10:15", "10:30", "10:45"].map((time) =>
      at(london, date, time),
    );
    expect(anyone).toEqual(expect.arrayContaining(inTheWay));
    expect(mine.filter((time) => inTheWay.includes(time))).toEqual([]);
    expect(mine).toEqual(expect.arrayContaining([at(london, date, "09:00"), at(london, date, "11:00")]));
    // The held service's own list still shows the held time as theirs.
    expect((await slotsOf(sofia, date, client)).map((slot) => slot.attributes.starts_at)).toContain(
      at(sofia, date, "12:00"),
    );
    const refused = await firstError(await requests().hold(client, london, at(london, date, "10:30")), 409);
    expect(refused).toMatchObject({
      code: "overlaps_own_booking",
      source: { pointer: "/data/attributes/starts_at" },
      meta: { booking_hold_id: data.id },
    });
  });

  it("refuses services of one booking that overlap each other, pointing at the later one", async () => {
    const client = await createTestClient(api.database.db);
    const date = dayAhead(sofia, 6);
    const [first, second] = sofia.employeeIds;
    const error = await firstError(
      await requests().book(client, [
        service(sofia, at(sofia, date, "10:00"), first ?? null),
        service(sofia, at(sofia, date, "10:30"), second ?? null),
      ]),
      422,
    );
    expect(error).toMatchObject({
      code: "services_overlap",
      source: { pointer: "/data/attributes/services/1/starts_at" },
      meta: { reason: "services_overlap", earliest_start: at(sofia, date, "11:00") },
    });
  });

  it("books services sent out of order in time order: the earliest starts the appointment", async () => {
    const client = await createTestClient(api.database.db);
    const date = dayAhead(sofia, 7);
    const response = await requests().book(client, [
      service(sofia, at(sofia, date, "14:00")),
      service(sofia, at(sofia, date, "11:00")),
    ]);
    expect(response.status, await response.clone().text()).toBe(201);
    const document = await readJson<{
      data: { attributes: { starts_at: string; ends_at: string } };
      included: Array<{ type: string; attributes: Record<string, unknown> }>;
    }>(response);
    expect(document.data.attributes).toMatchObject({
      starts_at: at(sofia, date, "11:00"),
      ends_at: at(sofia, date, "15:00"),
    });
    const services = document.included.filter((resource) => resource.type === "appointment-services");
    expect(services.map((each) => each.attributes.starts_at)).toEqual([
      at(sofia, date, "11:00"),
      at(sofia, date, "14:00"),
    ]);
  });
});

describe("back to back with the same professional, after a buffer", () => {
  it("offers and books by one rule: the buffer after the first service keeps its professional busy", async () => {
    const place = await createBookingScenario(api.database.db, { bufferAfterMinutes: 15, employees: 2 });
    // A second price of the same service (a longer variant): the next service of the visit.
    const [variant] = await api.database.db
      .insert(servicePrices)
      .values({ serviceId: place.serviceId, priceMinor: 7000, currencyCode: "EUR", durationMinutes: 45, name: "Long" })
      .returning();
    if (!variant) throw new Error("no variant");
    const next: BookingScenario = { ...place, servicePriceId: variant.id };
    const [mira, ivo] = place.employeeIds as [number, number];
    const client = await createTestClient(api.database.db);
    const date = dayAhead(place, 3);
    const starts = at(place, date, "10:00");
    const ends = at(place, date, "11:00");
    expect((await requests().hold(client, place, starts, mira)).status).toBe(201);

    // Right after, with the client's token: the same professional only after the buffer, another one at once.
    const offered = await slotsOf(next, date, client, `&filter[back_to_back_at]=${encodeURIComponent(ends)}`);
    const employeesAt = (startsAt: string) =>
      offered
        .find((slot) => slot.attributes.starts_at === startsAt)
        ?.relationships.employees.data.map((employee) => employee.id) ?? [];
    expect(employeesAt(ends)).toEqual([String(ivo)]);
    expect(employeesAt(at(place, date, "11:15"))).toEqual([String(mira), String(ivo)]);
    // Nothing overlapping the held time is offered to its holder.
    const overlapping = offered.filter(
      (slot) =>
        Date.parse(slot.attributes.starts_at) < Date.parse(ends) &&
        Date.parse(slot.attributes.ends_at) > Date.parse(starts),
    );
    expect(overlapping).toEqual([]);

    // In one request, Mira right at 11:00 is taken by her buffer: the alternatives all start after it.
    const refused = await firstError(
      await requests().book(client, [service(place, starts, mira), service(next, ends, mira)]),
      409,
    );
    expect(refused).toMatchObject({ code: "slot_taken", source: { pointer: "/data/attributes/services/1" } });
    const alternatives = (refused?.meta as { alternatives: Array<{ starts_at: string }> }).alternatives;
    expect(alternatives.length).toBeGreaterThan(0);
    for (const alternative of alternatives) {
      expect(Date.parse(alternative.starts_at)).toBeGreaterThanOrEqual(Date.parse(at(place, date, "11:15")));
    }
    // What the list offered, booking accepts: Ivo right after, or Mira after her buffer.
    const withIvo = await requests().book(client, [service(place, starts, mira), service(next, ends, ivo)]);
    expect(withIvo.status, await withIvo.clone().text()).toBe(201);
    const later = dayAhead(place, 4);
    const withMira = await requests().book(client, [
      service(place, at(place, later, "10:00"), mira),
      service(next, at(place, later, "11:15"), mira),
    ]);
    expect(withMira.status, await withMira.clone().text()).toBe(201);
  });
});

describe("the limit of live holds", () => {
  it("counts only live holds: expired ones at another place do not stop a new hold", async () => {
    const client = await createTestClient(api.database.db);
    const date = dayAhead(london, 8);
    for (let index = 0; index < 10; index++) {
      const response = await requests().hold(
        client,
        london,
        at(london, date, `${String(7 + index).padStart(2, "0")}:00`),
      );
      expect(response.status, await response.clone().text()).toBe(201);
    }
    // They lapse (as ten minutes would do), and nothing has written at London since.
    const past = new Date(Date.now() - 1000);
    for (const table of ["booking_holds", "booking_claims", "client_claims"]) {
      await api.database.db.execute(
        sql`update ${sql.identifier(table)} set expires_at = ${past} where expires_at is not null`,
      );
    }
    const response = await requests().hold(client, sofia, at(sofia, dayAhead(sofia, 9), "10:00"));
    expect(response.status, await response.clone().text()).toBe(201);
    const [{ count } = { count: -1 }] = await rawRows<{ count: number }>(
      api.database.db,
      sql`select count(*)::int as count from booking_holds where client_id = ${client.id}`,
    );
    expect(count).toBe(1);
  });
});
