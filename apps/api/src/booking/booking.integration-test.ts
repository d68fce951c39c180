import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorDocument } from "@termin/contracts/jsonapi";
import { addDays } from "@termin/domain/booking/calendar";
import { readJson, startTestApi, type TestApi } from "../testing/start-test-api.ts";
import { createTestClient, type TestClient } from "../testing/test-clients.ts";
import { at, bookingRequests, dayAhead, type SlotDocument } from "./testing/booking-requests.ts";
import { createBookingScenario, type BookingScenario } from "./testing/booking-scenario.ts";

let api: TestApi;
let queries: string[] = [];

beforeAll(async () => {
  api = await startTestApi({ onQuery: (query) => queries.push(query) });
});
afterAll(async () => {
  await api?.close();
});

async function slots(scenario: BookingScenario, query: string): Promise<SlotDocument> {
  const response = await fetch(
    `${api.baseUrl}/v1c/available-slots?filter[service_price_id]=${scenario.servicePriceId}&filter[location_id]=${scenario.locationId}&${query}`,
  );
  expect(response.status, await response.clone().text()).toBe(200);
  return readJson<SlotDocument>(response);
}

const book: ReturnType<typeof bookingRequests>["book"] = (...args) => bookingRequests(api.baseUrl).book(...args);

describe("GET /v1c/available-slots", () => {
  it("lists every aligned start inside the hours, with the employees free, in the location's offset", async () => {
    const scenario = await createBookingScenario(api.database.db, {
      employees: 2,
      breakFrom: "12:00",
      breakTo: "13:00",
    });
    const date = dayAhead(scenario);
    const document = await slots(scenario, `filter[date_from]=${date}&filter[date_to]=${date}`);
    const starts = document.data.map((slot) => slot.attributes.starts_at);
    // 09:00-12:00 (60-minute service: last start 11:00) and 13:00-17:00 (last start 16:00), every 15 minutes.
    const expected = [
      ...["09:00", "09:15", "09:30", "09:45", "10:00", "10:15", "10:30", "10:45", "11:00"],
      ...[
        "13:00",
        "13:15",
        "13:30",
        "13:45",
        "14:00",
        "14:15",
        "14:30",
        "14:45",
        "15:00",
        "15:15",
        "15:30",
        "15:45",
        "16:00",
      ],
    ].map((time) => at(scenario, date, time));
    expect(starts).toEqual(expected);
    expect(document.data[0]?.relationships.employees.data.map((e) => e.id)).toEqual(scenario.employeeIds.map(String));
    expect(document.meta).toMatchObject({ time_zone: "Europe/Sofia", total: expected.length });
  });

  it("reads the same few queries for one day as for 31, and one when asked again with nothing changed", async () => {
    const scenario = await createBookingScenario(api.database.db);
    const date = dayAhead(scenario);
    queries = [];
    await slots(scenario, `filter[date_from]=${date}&filter[date_to]=${date}`);
    const oneDay = queries.length;
    queries = [];
    await slots(scenario, `filter[date_from]=${date}&filter[date_to]=${addDays(date, 30)}`);
    expect(queries.length).toBe(oneDay);
    // The booking context with the location's claims version, and the six reads the version keys (free-time-cache.ts).
    expect(oneDay).toBe(7);
    queries = [];
    await slots(scenario, `filter[date_from]=${date}&filter[date_to]=${addDays(date, 30)}`);
    expect(queries.length).toBe(1);
  });

  it("narrows slots and their employees to the fields asked, and says when a business takes no bookings online", async () => {
    const scenario = await createBookingScenario(api.database.db);
    const date = dayAhead(scenario);
    const narrow = await slots(
      scenario,
      `filter[date_from]=${date}&filter[date_to]=${date}&include=employees&fields[available-slots]=starts_at&fields[employees]=first_name`,
    );
    expect(narrow.meta.online_booking).toBe(true);
    expect(Object.keys(narrow.data[0]?.attributes ?? {})).toEqual(["starts_at"]);
    const { included } = narrow as unknown as { included: Array<{ attributes: object }> };
    expect(included.map((employee) => Object.keys(employee.attributes))).toEqual([["first_name"]]);

    const byPhone = await createBookingScenario(api.database.db, { settings: { onlineBooking: false } });
    const none = await slots(byPhone, `filter[date_from]=${dayAhead(byPhone)}`);
    expect(none.data).toEqual([]);
    expect(none.meta.online_booking).toBe(false);

    const sorted = await fetch(`${api.baseUrl}/v1c/available-slots?sort=starts_at`);
    expect((await readJson<ErrorDocument>(sorted)).errors[0]?.detail).toBe(
      "Cannot sort by starts_at. This list has one order.",
    );
  });

  it("answers 400 naming the parameter for a missing filter, a bad date and a range over 62 days", async () => {
    const scenario = await createBookingScenario(api.database.db);
    const cases: Array<[string, string]> = [
      [`filter[location_id]=${scenario.locationId}`, "filter[service_price_id]"],
      [
        `filter[service_price_id]=${scenario.servicePriceId}&filter[location_id]=${scenario.locationId}&filter[date_from]=2026-02-30`,
        "filter[date_from]",
      ],
      [
        `filter[service_price_id]=${scenario.servicePriceId}&filter[location_id]=${scenario.locationId}&filter[date_from]=2027-01-01&filter[date_to]=2027-03-04`,
        "filter[date_to]",
      ],
    ];
    for (const [query, parameter] of cases) {
      const response = await fetch(`${api.baseUrl}/v1c/available-slots?${query}`);
      expect(response.status, query).toBe(400);
      expect((await readJson<ErrorDocument>(response)).errors[0]?.source).toEqual({ parameter });
    }
  });
});

describe("POST /v1c/appointments", () => {
  it("books a free time: 201 with the appointment client, and the time is no longer free", async () => {
    const scenario = await createBookingScenario(api.database.db, { priceMinor: 4200 });
    const client = await createTestClient(api.database.db);
    const date = dayAhead(scenario);
    const startsAt = at(scenario, date, "10:00");
    const response = await book(client, [{ service_price_id: String(scenario.servicePriceId), starts_at: startsAt }]);
    expect(response.status, await response.clone().text()).toBe(201);
    const document = await readJson<{
      data: { type: string; attributes: { starts_at: string } };
      included: Array<{ type: string; attributes: Record<string, unknown>; relationships?: Record<string, unknown> }>;
    }>(response);
    expect(document.data).toMatchObject({ type: "appointments", attributes: { starts_at: startsAt } });
    const mine = document.included.find((resource) => resource.type === "appointment-clients");
    expect(mine?.attributes).toMatchObject({ client_note: "Window seat", total_amount: 4200, seats_count: 1 });
    expect(mine?.attributes.ics_download_link).toMatch(/^http.*\/calendar\/[\w-]{43}\.ics$/);
    expect(Object.keys(mine?.relationships ?? {})).toEqual(
      expect.arrayContaining([
        "status",
        "appointment",
        "client",
        "review",
        "paymentMethod",
        "servicePrice",
        "formAnswers",
      ]),
    );
    expect(document.included.filter((resource) => resource.type === "appointment-service-employees")).toHaveLength(1);

    const after = await slots(scenario, `filter[date_from]=${date}&filter[date_to]=${date}`);
    const taken = after.data.map((slot) => slot.attributes.starts_at);
    for (const time of ["09:15", "09:30", "09:45", "10:00", "10:15", "10:30", "10:45"]) {
      expect(taken).not.toContain(at(scenario, date, time));
    }
    expect(taken).toContain(at(scenario, date, "09:00"));
    expect(taken).toContain(at(scenario, date, "11:00"));
  });

  it("answers 422 at the service for a time that is never a slot", async () => {
    const scenario = await createBookingScenario(api.database.db);
    const client = await createTestClient(api.database.db);
    const date = dayAhead(scenario);
    const past = at(scenario, addDays(date, -10), "10:00");
    for (const startsAt of [
      at(scenario, date, "10:05"),
      at(scenario, date, "20:00"),
      past,
      at(scenario, addDays(date, 400), "10:00"),
    ]) {
      const response = await book(client, [
        { service_price_id: String(scenario.servicePriceId), starts_at: at(scenario, date, "09:00") },
        { service_price_id: String(scenario.servicePriceId), starts_at: startsAt },
      ]);
      expect(response.status, startsAt).toBe(422);
      expect((await readJson<ErrorDocument>(response)).errors[0]?.source).toEqual({
        pointer: "/data/attributes/services/1/starts_at",
      });
    }
  });

  it("spreads 'any employee' bookings over the free employees, then answers 409", async () => {
    const scenario = await createBookingScenario(api.database.db, { employees: 2 });
    const startsAt = at(scenario, dayAhead(scenario), "14:00");
    const booked: string[] = [];
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await book(await createTestClient(api.database.db), [
        { service_price_id: String(scenario.servicePriceId), employee_id: null, starts_at: startsAt },
      ]);
      expect(response.status).toBe(201);
      const document = await readJson<{
        included: Array<{ type: string; relationships?: { employee?: { data: { id: string } } } }>;
      }>(response);
      const link = document.included.find((resource) => resource.type === "appointment-service-employees");
      booked.push(link?.relationships?.employee?.data.id ?? "");
    }
    expect(booked.sort()).toEqual(scenario.employeeIds.map(String).sort());
    const third = await book(await createTestClient(api.database.db), [
      { service_price_id: String(scenario.servicePriceId), starts_at: startsAt },
    ]);
    expect(third.status).toBe(409);
  });

  it("stops at the resources: one room for two employees means one booking at a time", async () => {
    const scenario = await createBookingScenario(api.database.db, {
      employees: 2,
      resources: { kind: "room", units: 1, needed: 1 },
    });
    const startsAt = at(scenario, dayAhead(scenario), "09:30");
    const first = await book(await createTestClient(api.database.db), [
      { service_price_id: String(scenario.servicePriceId), starts_at: startsAt },
    ]);
    expect(first.status).toBe(201);
    const second = await book(await createTestClient(api.database.db), [
      { service_price_id: String(scenario.servicePriceId), starts_at: startsAt },
    ]);
    expect(second.status).toBe(409);
  });

  it("replays the first answer for the same Idempotency-Key and body, refuses the key with another body", async () => {
    const scenario = await createBookingScenario(api.database.db, { employees: 3 });
    const client = await createTestClient(api.database.db);
    const date = dayAhead(scenario);
    const services = [{ service_price_id: String(scenario.servicePriceId), starts_at: at(scenario, date, "15:00") }];
    const key = { "idempotency-key": crypto.randomUUID() };
    const answers = await Promise.all(Array.from({ length: 5 }, () => book(client, services, key)));
    expect(answers.map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);
    const ids = await Promise.all(
      answers.map(async (response) => (await readJson<{ data: { id: string } }>(response)).data.id),
    );
    expect(new Set(ids).size).toBe(1);
    const list = await fetch(`${api.baseUrl}/v1c/appointment-clients`, {
      headers: { authorization: client.authorization },
    });
    expect((await readJson<{ data: unknown[] }>(list)).data).toHaveLength(1);

    // The same request written with its members in another order is the same request: replayed, from the stored
    // answer alone (no booking is tried again, no key claimed again).
    queries = [];
    const reordered = await fetch(`${api.baseUrl}/v1c/appointments`, {
      method: "POST",
      headers: { authorization: client.authorization, "content-type": "application/vnd.api+json", ...key },
      body: JSON.stringify({ data: { attributes: { services, client_note: "Window seat" }, type: "appointments" } }),
    });
    expect(reordered.status, await reordered.clone().text()).toBe(201);
    expect(reordered.headers.get("idempotent-replayed")).toBe("true");
    expect((await readJson<{ data: { id: string } }>(reordered)).data.id).toBe(ids[0]);
    expect(queries.filter((query) => /^(insert|update|delete)\b/i.test(query.trim()))).toEqual([]);

    const other = await book(
      client,
      [{ service_price_id: String(scenario.servicePriceId), starts_at: at(scenario, date, "16:00") }],
      key,
    );
    expect(other.status).toBe(422);
    const refusal = await readJson<{ errors: Array<{ source?: object }> }>(other);
    expect(refusal.errors[0]?.source).toEqual({ header: "Idempotency-Key" });
  });
});

describe("the client's appointments", () => {
  it("lists upcoming ones, hides them from other clients (404), and cancels within the notice", async () => {
    const scenario = await createBookingScenario(api.database.db, { settings: { cancellationNoticeHours: 24 } });
    const alice = await createTestClient(api.database.db);
    const bob = await createTestClient(api.database.db);
    const date = dayAhead(scenario);
    const startsAt = at(scenario, date, "12:00");
    const created = await book(alice, [{ service_price_id: String(scenario.servicePriceId), starts_at: startsAt }]);
    const document = await readJson<{ included: Array<{ type: string; id: string }> }>(created);
    const id = document.included.find((resource) => resource.type === "appointment-clients")?.id;

    const upcoming = await fetch(
      `${api.baseUrl}/v1c/appointment-clients?filter[when]=upcoming&include=status,location,appointmentServices.employees`,
      {
        headers: { authorization: alice.authorization },
      },
    );
    const list = await readJson<{ data: Array<{ id: string }>; included: Array<{ type: string }> }>(upcoming);
    expect(list.data.map((each) => each.id)).toEqual([id]);
    expect(new Set(list.included.map((each) => each.type))).toEqual(
      new Set([
        "appointment-statuses",
        "locations",
        "appointment-services",
        "appointment-service-employees",
        "employees",
      ]),
    );
    const past = await fetch(`${api.baseUrl}/v1c/appointment-clients?filter[when]=past`, {
      headers: { authorization: alice.authorization },
    });
    expect((await readJson<{ data: unknown[] }>(past)).data).toEqual([]);

    const bobs = await fetch(`${api.baseUrl}/v1c/appointment-clients/${id}`, {
      headers: { authorization: bob.authorization },
    });
    expect(bobs.status).toBe(404);
    const cancel = (who: TestClient) => bookingRequests(api.baseUrl).cancel(who, id ?? "");
    expect((await cancel(bob)).status).toBe(404);
    const cancelled = await cancel(alice);
    expect(cancelled.status).toBe(200);
    expect(
      (await readJson<{ data: { relationships: { status: { data: { id: string } } } } }>(cancelled)).data.relationships
        .status.data.id,
    ).toBe("4");
    const free = await slots(scenario, `filter[date_from]=${date}&filter[date_to]=${date}`);
    expect(free.data.map((slot) => slot.attributes.starts_at)).toContain(startsAt);
    // Cancelled, it is no longer upcoming: it is listed with the past ones.
    const listed = async (when: string) =>
      (
        await readJson<{ data: Array<{ id: string }> }>(
          await fetch(`${api.baseUrl}/v1c/appointment-clients?filter[when]=${when}`, {
            headers: { authorization: alice.authorization },
          }),
        )
      ).data.map((each) => each.id);
    expect(await listed("upcoming")).toEqual([]);
    expect(await listed("past")).toEqual([id]);
  });

  it("pages the client's appointments and holds with links to every page, and narrows them to the fields asked", async () => {
    const scenario = await createBookingScenario(api.database.db);
    const client = await createTestClient(api.database.db);
    const date = dayAhead(scenario);
    for (const time of ["10:00", "11:00", "12:00"]) {
      const booked = await book(client, [
        { service_price_id: String(scenario.servicePriceId), starts_at: at(scenario, date, time) },
      ]);
      expect(booked.status).toBe(201);
    }
    const get = (path: string) =>
      fetch(`${api.baseUrl}/v1c/${path}`, { headers: { authorization: client.authorization } });
    type Paged = {
      data: Array<{ attributes: Record<string, unknown> }>;
      meta: { pageCount: number };
      links: Record<string, string | null>;
    };
    const second = await readJson<Paged>(await get("appointment-clients?page[size]=2&page[number]=2"));
    expect(second.meta.pageCount).toBe(2);
    expect(second.data).toHaveLength(1);
    expect(second.links).toMatchObject({
      first: "/v1c/appointment-clients?page%5Bsize%5D=2&page%5Bnumber%5D=1",
      prev: "/v1c/appointment-clients?page%5Bsize%5D=2&page%5Bnumber%5D=1",
      next: null,
      last: "/v1c/appointment-clients?page%5Bsize%5D=2&page%5Bnumber%5D=2",
    });
    const first = await readJson<Paged>(await get(String(second.links.first).replace("/v1c/", "")));
    expect(first.data).toHaveLength(2);
    const narrow = await readJson<Paged>(await get("appointment-clients?fields[appointment-clients]=starts_at"));
    expect(narrow.data.map((each) => Object.keys(each.attributes))).toEqual([
      ["starts_at"],
      ["starts_at"],
      ["starts_at"],
    ]);

    expect((await bookingRequests(api.baseUrl).hold(client, scenario, at(scenario, date, "15:00"))).status).toBe(201);
    const holds = await readJson<Paged>(await get("booking-holds?fields[booking-holds]=expires_at"));
    expect(holds.data.map((each) => Object.keys(each.attributes))).toEqual([["expires_at"]]);
    expect(holds.links).toMatchObject({ next: null, prev: null, last: expect.stringContaining("page%5Bnumber%5D=1") });
  });

  it("refuses to cancel after the notice, saying until when it was possible", async () => {
    const scenario = await createBookingScenario(api.database.db, {
      settings: { cancellationNoticeHours: 24 * 30, bookingLeadTimeMinutes: 0 },
    });
    const client = await createTestClient(api.database.db);
    const created = await book(client, [
      { service_price_id: String(scenario.servicePriceId), starts_at: at(scenario, dayAhead(scenario), "10:00") },
    ]);
    const id = (await readJson<{ included: Array<{ type: string; id: string }> }>(created)).included.find(
      (resource) => resource.type === "appointment-clients",
    )?.id;
    const response = await bookingRequests(api.baseUrl).cancel(client, id ?? "");
    expect(response.status).toBe(422);
    const [error] = (await readJson<ErrorDocument>(response)).errors;
    expect(error).toMatchObject({
      code: "too_late_to_cancel",
      source: { pointer: "/data/relationships/status" },
      meta: { reason: "too_late_to_cancel", notice_hours: 720, deadline: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
    });
    expect(error?.detail).toMatch(/^Cancelling online was possible until \w{3} \d{1,2}, \d{4}, .*\(720 hours before/);
  });
});
