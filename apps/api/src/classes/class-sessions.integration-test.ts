import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClassSessionDocument, ClassSessionResource } from "@termin/contracts/class-resources";
import type { ErrorDocument, ResourceObject } from "@termin/contracts/jsonapi";
import { appointments } from "@termin/db/booking-schema";
import { locations } from "@termin/db/catalogue-schema";
import { addDays } from "@termin/domain/booking/calendar";
import { localMomentAt } from "@termin/domain/booking/local-time";
import { settableClock } from "../http/clock.ts";
import { bookingRequests } from "../booking/testing/booking-requests.ts";
import { readJson, startTestApi, type TestApi } from "../testing/start-test-api.ts";
import { createTestClient } from "../testing/test-clients.ts";
import { materializeClassSessions } from "./materialize-class-sessions.ts";
import {
  addClassSchedule,
  createClassScenario,
  holdSeats,
  takeSeats,
  type ClassScenario,
} from "./testing/class-scenario.ts";

const clock = settableClock();
let api: TestApi;
let sofia: ClassScenario;
/** A second place in Sofia's city, on London's clock: one city, two zones. */
let london: ClassScenario;
let sofiaCityId: number;

const log = { info: () => undefined, warn: () => undefined };
const make = (scenario: ClassScenario, scheduleIds = [scenario.scheduleId]) =>
  materializeClassSessions({ db: api.database.db, now: clock.now(), log, scheduleIds });

beforeAll(async () => {
  api = await startTestApi({ clock });
  sofia = await createClassScenario(api.database.db, { capacity: 8, bookingHorizonDays: 10 });
  london = await createClassScenario(api.database.db, {
    capacity: 12,
    timeZone: "Europe/London",
    rrule: "FREQ=DAILY",
    startsAt: "07:00",
    bookingHorizonDays: 10,
  });
  const [row] = await api.database.db
    .select({ cityId: locations.cityId })
    .from(locations)
    .where(eq(locations.id, sofia.locationId));
  sofiaCityId = row?.cityId ?? 0;
  await api.database.db.update(locations).set({ cityId: sofiaCityId }).where(eq(locations.id, london.locationId));
  await make(sofia);
  await make(london);
});
afterAll(() => api.close());

async function list(query: string) {
  const response = await fetch(`${api.baseUrl}/v1c/class-sessions?${query}`, {
    headers: { "cache-control": "no-cache" },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return readJson<ClassSessionDocument & { included?: ResourceObject[] }>(response);
}

async function refusal(query: string) {
  const response = await fetch(`${api.baseUrl}/v1c/class-sessions?${query}`);
  expect(response.status).toBe(400);
  return (await readJson<ErrorDocument>(response)).errors[0];
}

const week = (scenario: ClassScenario, from = 1) => {
  const today = localMomentAt(clock.now(), scenario.timeZone).date;
  return { from: addDays(today, from), to: addDays(today, from + 6) };
};
const sessionOn = async (scenario: ClassScenario, date: string) => {
  const document = await list(
    `filter[location_id]=${scenario.locationId}&filter[date_from]=${date}&filter[date_to]=${date}`,
  );
  const [session] = document.data;
  if (!session) throw new Error(`no session on ${date}`);
  return session;
};

describe("GET /v1c/class-sessions", () => {
  it("lists a location's sessions of a week on its clock, with capacity, seats left and what they are of", async () => {
    const { from, to } = week(sofia);
    const document = await list(
      `filter[location_id]=${sofia.locationId}&filter[date_from]=${from}&filter[date_to]=${to}&include=service,servicePrice,employee,location`,
    );
    expect(document.meta).toEqual({ date_from: from, date_to: to, total: 7 });
    expect(document.data.map((session) => session.attributes.starts_at.slice(0, 16))).toEqual(
      Array.from({ length: 7 }, (_, index) => `${addDays(from, index)}T18:00`),
    );
    const [first] = document.data;
    expect(first?.attributes).toMatchObject({ capacity: 8, seats_left: 8 });
    expect(first?.attributes.starts_at).toMatch(/\+0[23]:00$/);
    expect(first?.relationships).toEqual({
      service: { data: { type: "services", id: String(sofia.serviceId) } },
      servicePrice: { data: { type: "service-prices", id: String(sofia.servicePriceId) } },
      employee: { data: { type: "employees", id: String(sofia.employeeIds[0]) } },
      location: { data: { type: "locations", id: String(sofia.locationId) } },
    });
    const service = document.included?.find((item) => item.type === "services");
    expect(service?.attributes).toMatchObject({ kind: "class", capacity: 8, name: "Yoga flow" });
    expect(document.included?.map((item) => item.type).sort()).toEqual([
      "employees",
      "locations",
      "service-prices",
      "services",
    ]);
  });

  it("lists a city's sessions at several places, each on its own clock, soonest first", async () => {
    const { from, to } = week(sofia, 2);
    const document = await list(`filter[city_id]=${sofiaCityId}&filter[date_from]=${from}&filter[date_to]=${from}`);
    expect(document.data.map((session) => session.attributes.starts_at.slice(11))).toEqual([
      expect.stringMatching(/^07:00:00\+0[01]:00$/),
      expect.stringMatching(/^18:00:00\+0[23]:00$/),
    ]);
    expect(document.data.map((session) => session.relationships?.location?.data)).toEqual([
      { type: "locations", id: String(london.locationId) },
      { type: "locations", id: String(sofia.locationId) },
    ]);
    const week2 = await list(`filter[city_id]=${sofiaCityId}&filter[date_from]=${from}&filter[date_to]=${to}`);
    expect(week2.meta.total).toBe(14);
    const starts = week2.data.map((session) => Date.parse(session.attributes.starts_at));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it("narrows by class and by instructor", async () => {
    const { from, to } = week(sofia);
    const second = await addClassSchedule(api.database.db, sofia, {
      rrule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU",
      startsAt: "08:00",
      employeeId: sofia.employeeIds[0] ?? 0,
    });
    await make(sofia, [second]);
    const all = await list(`filter[location_id]=${sofia.locationId}&filter[date_from]=${from}&filter[date_to]=${to}`);
    expect(all.meta.total).toBe(14);
    const byService = await list(
      `filter[location_id]=${sofia.locationId}&filter[service_id]=${sofia.serviceId}&filter[date_from]=${from}&filter[date_to]=${to}`,
    );
    expect(byService.meta.total).toBe(14);
    const otherService = await list(
      `filter[city_id]=${sofiaCityId}&filter[service_id]=${london.serviceId}&filter[date_from]=${from}&filter[date_to]=${to}`,
    );
    expect(new Set(otherService.data.map((session) => JSON.stringify(session.relationships?.location?.data)))).toEqual(
      new Set([JSON.stringify({ type: "locations", id: String(london.locationId) })]),
    );
    expect(otherService.meta.total).toBe(7);
    const byInstructor = await list(
      `filter[city_id]=${sofiaCityId}&filter[employee_id]=${london.employeeIds[0]}&filter[date_from]=${from}&filter[date_to]=${to}`,
    );
    expect(byInstructor.meta.total).toBe(7);
  });

  it("keeps a session listed after its first seat is taken and after its last attendee cancels, with the right seats left", async () => {
    const date = week(sofia, 3).from;
    const session = await sessionOn(sofia, date);
    const client = await createTestClient(api.database.db);
    const place = await takeSeats(api.database.db, Number(session.id), client.id, 2);
    expect((await sessionOn(sofia, date)).attributes).toMatchObject({ seats_left: 6 });
    const cancelled = await bookingRequests(api.baseUrl).cancel(client, String(place));
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    const after = await sessionOn(sofia, date);
    expect(after.id).toBe(session.id);
    expect(after.attributes).toMatchObject({ capacity: 8, seats_left: 8 });
  });

  it("lists a full session with no seats left, and counts an expired hold's seats as free", async () => {
    const date = week(sofia, 4).from;
    const session = await sessionOn(sofia, date);
    const startsAt = new Date(session.attributes.starts_at);
    const client = await createTestClient(api.database.db);
    await takeSeats(api.database.db, Number(session.id), client.id, 5);
    const other = await createTestClient(api.database.db);
    await holdSeats(
      api.database.db,
      sofia,
      { id: Number(session.id), startsAt },
      other.id,
      3,
      new Date(clock.now() + 600_000),
    );
    expect((await sessionOn(sofia, date)).attributes.seats_left).toBe(0);
    clock.advance(601_000);
    try {
      expect((await sessionOn(sofia, date)).attributes.seats_left).toBe(3);
    } finally {
      clock.advance(-601_000);
    }
  });

  it("leaves out cancelled and past sessions", async () => {
    const { from, to } = week(sofia, 5);
    const before = await list(
      `filter[location_id]=${london.locationId}&filter[date_from]=${from}&filter[date_to]=${to}`,
    );
    const [first, second] = before.data;
    if (!first || !second) throw new Error("no sessions");
    await api.database.db
      .update(appointments)
      .set({ cancelledAt: new Date(clock.now()) })
      .where(eq(appointments.id, Number(first.id)));
    const after = await list(
      `filter[location_id]=${london.locationId}&filter[date_from]=${from}&filter[date_to]=${to}`,
    );
    expect(after.data.map((session) => session.id)).not.toContain(first.id);
    expect((await fetch(`${api.baseUrl}/v1c/class-sessions/${first.id}`)).status).toBe(404);

    const single = await fetch(`${api.baseUrl}/v1c/class-sessions/${second.id}?include=service`);
    expect(single.status).toBe(200);
    expect((await readJson<{ data: ClassSessionResource }>(single)).data.id).toBe(second.id);
    const saved = clock.now();
    clock.set(Date.parse(second.attributes.starts_at) + 60_000);
    try {
      expect((await fetch(`${api.baseUrl}/v1c/class-sessions/${second.id}`)).status).toBe(404);
      const later = await list(
        `filter[location_id]=${london.locationId}&filter[date_from]=${from}&filter[date_to]=${to}`,
      );
      expect(later.data.map((session) => session.id)).not.toContain(second.id);
    } finally {
      clock.set(saved);
    }
  });

  it("refuses a list without a place, over a month, or paged", async () => {
    expect(await refusal("filter[service_id]=1")).toMatchObject({ source: { parameter: "filter[location_id]" } });
    const { from } = week(sofia);
    expect(
      await refusal(
        `filter[location_id]=${sofia.locationId}&filter[date_from]=${from}&filter[date_to]=${addDays(from, 31)}`,
      ),
    ).toMatchObject({ source: { parameter: "filter[date_to]" } });
    expect(await refusal(`filter[location_id]=${sofia.locationId}&page[size]=5`)).toMatchObject({
      source: { parameter: "page[size]" },
    });
  });
});
