import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { CollectionDocument, ErrorDocument } from "@termin/contracts/jsonapi";
import type { SearchResultResource } from "@termin/contracts/search-resources";
import { appointmentServices } from "@termin/db/booking-schema";
import { cities, locations } from "@termin/db/catalogue-schema";
import { rawRows } from "@termin/db/raw-rows";
import { addDays } from "@termin/domain/booking/calendar";
import { localMomentAt, zonedTimeToEpochMs } from "@termin/domain/booking/local-time";
import { readJson, startTestApi, type TestApi } from "../../testing/start-test-api.ts";
import { createTestClient } from "../../testing/test-clients.ts";
import { createBookingScenario, type BookingScenario } from "../../booking/testing/booking-scenario.ts";
import { createTestAppointment } from "../../booking/testing/test-appointment.ts";
import { MAX_FREE_ON_CANDIDATES } from "./search-locations.ts";

// GET /v1c/search?filter[free_on]=...&filter[part_of_day]=... (docs/decisions/0027-search-free-on.md): places
// of the test's own, each open 09:00-17:00 in Sofia with one employee and a 60-minute service.

let api: TestApi;
let queries: string[] = [];
beforeAll(async () => {
  api = await startTestApi({ onQuery: (query) => queries.push(query) });
});
afterAll(() => api?.close());

type Results = CollectionDocument<SearchResultResource>;
// Appointments are written straight into the database here, not through the API (which would forget the public
// documents it keeps): each search asks for an answer made now, as Cache-Control: no-cache lets any client.
const get = (query: string) =>
  fetch(`${api.baseUrl}/v1c/search?${query}`, { headers: { "cache-control": "no-cache" } });
async function search(query: string): Promise<Results> {
  const response = await get(query);
  expect(response.status, await response.clone().text()).toBe(200);
  return readJson<Results>(response);
}
const ids = (body: Results) => body.data.map((location) => Number(location.id)).sort((a, b) => a - b);

async function citySlug(scenario: BookingScenario): Promise<string> {
  const [row] = await api.database.db
    .select({ slug: cities.slug })
    .from(locations)
    .innerJoin(cities, eq(cities.id, locations.cityId))
    .where(eq(locations.id, scenario.locationId));
  return row?.slug ?? "";
}

/**
 * The scenario's employee (or its first resource unit) taken from `from` to `to` on the date, as a booking leaves
 * it: an appointment and its claim.
 */
async function book(
  scenario: BookingScenario,
  date: string,
  from: string,
  to: string,
  taken: "employee" | "unit" = "employee",
) {
  const { db } = api.database;
  const startsAt = new Date(zonedTimeToEpochMs(date, from, scenario.timeZone));
  const endsAt = new Date(zonedTimeToEpochMs(date, to, scenario.timeZone));
  const client = await createTestClient(db);
  const { appointmentId } = await createTestAppointment(db, {
    scenario,
    clientId: client.id,
    services: [{ startsAt, minutes: (endsAt.getTime() - startsAt.getTime()) / 60_000 }],
  });
  const [service] = await db
    .select({ id: appointmentServices.id })
    .from(appointmentServices)
    .where(eq(appointmentServices.appointmentId, appointmentId));
  const [employeeId, resourceId] =
    taken === "employee" ? [scenario.employeeIds[0], null] : [null, scenario.resourceIds[0]];
  await db.execute(sql`insert into booking_claims (employee_id, resource_id, during, appointment_service_id)
    values (${employeeId}, ${resourceId}, tstzrange(${startsAt}, ${endsAt}), ${service?.id})`);
}

describe("GET /v1c/search with filter[free_on]", () => {
  let a: BookingScenario;
  let b: BookingScenario;
  let date: string;
  let both: string;
  beforeAll(async () => {
    a = await createBookingScenario(api.database.db);
    b = await createBookingScenario(api.database.db);
    date = addDays(localMomentAt(Date.now(), a.timeZone).date, 3);
    // B's only employee is taken 09:00-12:45: no 60-minute service can start before noon, nor at all from 12:00 on
    // until 12:45. A is free all day.
    await book(b, date, "09:00", "12:45");
    both = `filter[city]=${await citySlug(a)},${await citySlug(b)}`;
  });

  it("keeps the places with a free time in the part of the day, and counts only them", async () => {
    const morning = await search(`${both}&filter[free_on]=${date}&filter[part_of_day]=morning`);
    expect(ids(morning)).toEqual([a.locationId]);
    expect(morning.meta.total).toBe(1);

    const afternoon = await search(`${both}&filter[free_on]=${date}&filter[part_of_day]=afternoon`);
    expect(ids(afternoon)).toEqual([a.locationId, b.locationId]);
    expect(afternoon.meta.total).toBe(2);

    // Both close at 17:00: nobody can start in the evening.
    const evening = await search(`${both}&filter[free_on]=${date}&filter[part_of_day]=evening`);
    expect(evening.data).toEqual([]);
    expect(evening.meta.total).toBe(0);

    expect(ids(await search(`${both}&filter[free_on]=${date}`))).toEqual([a.locationId, b.locationId]);
    // The day before is free at both.
    const before = await search(`${both}&filter[free_on]=${addDays(date, -1)}&filter[part_of_day]=morning`);
    expect(ids(before)).toEqual([a.locationId, b.locationId]);
  });

  it("pages after the filter: pages and total agree", async () => {
    const query = `${both}&filter[free_on]=${date}&filter[part_of_day]=afternoon&page[size]=1`;
    const [first, second, past] = await Promise.all(
      [1, 2, 3].map((number) => search(`${query}&page[number]=${number}`)),
    );
    expect([first?.meta.total, second?.meta.total, past?.meta.total]).toEqual([2, 2, 2]);
    expect([...(first?.data ?? []), ...(second?.data ?? [])].map((l) => Number(l.id)).sort((x, y) => x - y)).toEqual([
      a.locationId,
      b.locationId,
    ]);
    expect(past?.data).toEqual([]);
    expect(first?.meta.pageCount).toBe(2);
  });

  it("leaves out a place closed that day, a day off, and a business that takes no online bookings", async () => {
    const closed = await createBookingScenario(api.database.db);
    const dayOff = await createBookingScenario(api.database.db);
    const offline = await createBookingScenario(api.database.db, { settings: { onlineBooking: false } });
    await api.database.db.execute(sql`insert into schedule_exceptions (location_id, employee_id, date)
      values (${closed.locationId}, null, ${date}), (${dayOff.locationId}, ${dayOff.employeeIds[0]}, ${date})`);
    const cities = await Promise.all([closed, dayOff, offline].map(citySlug));
    expect((await search(`filter[city]=${cities.join(",")}&filter[free_on]=${date}`)).meta.total).toBe(0);
    expect((await search(`filter[city]=${cities.join(",")}&filter[free_on]=${addDays(date, 1)}`)).meta.total).toBe(2);
  });

  it("counts the resource units a service needs", async () => {
    // The only room is taken all morning; the employee is not. A kind with spaces and a comma travels intact.
    const kind = "treatment room, large";
    const roomy = await createBookingScenario(api.database.db, { resources: { kind, units: 1, needed: 1 } });
    await book(roomy, date, "08:00", "12:45", "unit");
    const city = await citySlug(roomy);
    const part = (name: string) => search(`filter[city]=${city}&filter[free_on]=${date}&filter[part_of_day]=${name}`);
    expect((await part("morning")).meta.total).toBe(0);
    expect(ids(await part("afternoon"))).toEqual([roomy.locationId]);
  });

  it("reads the same few queries for two places as for six", async () => {
    const more = await Promise.all([1, 2, 3, 4].map(() => createBookingScenario(api.database.db)));
    const six = [await citySlug(a), await citySlug(b), ...(await Promise.all(more.map(citySlug)))];
    queries = [];
    await search(`${both}&filter[free_on]=${date}&filter[part_of_day]=morning`);
    const forTwo = queries.length;
    queries = [];
    const body = await search(`filter[city]=${six.join(",")}&filter[free_on]=${date}&filter[part_of_day]=morning`);
    expect(body.meta.total).toBe(5);
    expect(queries.length).toBe(forTwo);
    // The candidates in order, three queries for what the engine needs, the page's rows and prices.
    expect(forTwo).toBe(6);
  });

  it("asks to narrow a search with more candidates than it checks", async () => {
    const crowded = await createBookingScenario(api.database.db);
    await api.database.db.execute(sql`insert into locations (business_id, slug, name, address, city_id, latitude,
        longitude, time_zone, phone, description)
      select business_id, slug || '-' || n, name, address, city_id, latitude, longitude, time_zone, phone, description
      from locations, generate_series(1, ${MAX_FREE_ON_CANDIDATES}) n where id = ${crowded.locationId}`);
    const city = await citySlug(crowded);
    expect((await search(`filter[city]=${city}`)).meta.total).toBe(MAX_FREE_ON_CANDIDATES + 1);
    const response = await get(`filter[city]=${city}&filter[free_on]=${date}`);
    expect(response.status).toBe(400);
    const [error] = (await readJson<ErrorDocument>(response)).errors;
    expect(error?.source?.parameter).toBe("filter[free_on]");
    expect(error?.meta).toEqual({ reason: "too_many_places" });
  });

  // meta.reason tells apps which check failed, so they can say it in their user's language.
  it.each([
    ["filter[free_on]=2026-02-30", "filter[free_on]", "not_a_date"],
    ["filter[free_on]=tomorrow", "filter[free_on]", "not_a_date"],
    ["filter[free_on]=2020-01-01", "filter[free_on]", "past"],
    ["filter[free_on]=2999-01-01", "filter[free_on]", "too_far_ahead"],
    ["filter[part_of_day]=morning", "filter[part_of_day]", undefined],
    ["filter[part_of_day]=night", "filter[part_of_day]", "not_listed"],
  ])("answers 400 for %s", async (query, parameter, reason) => {
    const response = await get(query);
    expect(response.status).toBe(400);
    const [error] = (await readJson<ErrorDocument>(response)).errors;
    expect(error?.source?.parameter).toBe(parameter);
    expect(error?.meta?.reason).toBe(reason);
  });

  it("answers 400 for two dates or two parts", async () => {
    const twoDates = await get(`filter[free_on]=${date},${addDays(date, 1)}`);
    const twoParts = await get(`filter[free_on]=${date}&filter[part_of_day]=morning,evening`);
    expect([twoDates.status, twoParts.status]).toEqual([400, 400]);
  });
});

describe("filter[free_on] agrees with the free times the booking pages show", () => {
  let demo: TestApi;
  beforeAll(async () => {
    demo = await startTestApi({ demoData: true });
  });
  afterAll(() => demo?.close());

  it("finds a place free in a part of a day exactly when one of its services has a free time then", async () => {
    const places = await rawRows<{ id: number; time_zone: string; prices: number[] }>(
      demo.database.db,
      sql`select l.id, l.time_zone, array_agg(sp.id order by sp.id) as prices
          from locations l join services s on s.business_id = l.business_id
          join service_prices sp on sp.service_id = s.id
          where l.id <= 24 group by l.id order by l.id`,
    );
    const slotsOf = async (place: (typeof places)[number], dateFrom: string) => {
      const documents = await Promise.all(
        place.prices.map(async (price) => {
          const response = await fetch(
            `${demo.baseUrl}/v1c/available-slots?filter[service_price_id]=${price}&filter[location_id]=${place.id}&filter[date_from]=${dateFrom}&filter[date_to]=${dateFrom}`,
          );
          expect(response.status, response.url).toBe(200);
          return readJson<{ data: Array<{ attributes: { starts_at: string } }> }>(response);
        }),
      );
      return documents.flatMap((document) => document.data.map((slot) => slot.attributes.starts_at.slice(11, 16)));
    };
    const outcomes = new Set<string>();
    for (const days of [1, 2]) {
      // The demo's places are in many zones: the date is Sofia's, and each place reads it on its own clock.
      const date = addDays(localMomentAt(Date.now(), "Europe/Sofia").date, days);
      // One place at a time (its prices in parallel): hundreds of requests at once only measure the machine.
      const starts = new Map<number, string[]>();
      for (const place of places) starts.set(place.id, await slotsOf(place, date));
      for (const [part, test] of [
        ["morning", (time: string) => time < "12:00"],
        ["afternoon", (time: string) => time >= "12:00" && time < "17:00"],
        ["evening", (time: string) => time >= "17:00"],
      ] as const) {
        const body = await readJson<Results>(
          await fetch(`${demo.baseUrl}/v1c/search?page[size]=100&filter[free_on]=${date}&filter[part_of_day]=${part}`),
        );
        const found = body.data.map((location) => Number(location.id)).filter((id) => id <= 24);
        const expected = places.filter((place) => starts.get(place.id)?.some(test)).map((place) => place.id);
        expect(
          found.sort((x, y) => x - y),
          `${date} ${part}`,
        ).toEqual(expected);
        outcomes.add(expected.length === 0 ? "none" : expected.length === places.length ? "all" : "some");
      }
    }
    // Not vacuous: in some part of these days some places are free and others are not.
    expect(outcomes).toContain("some");
  });
});
