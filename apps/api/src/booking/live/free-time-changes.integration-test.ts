import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses } from "@termin/db/catalogue-schema";
import { SITE_HOST_HEADER } from "@termin/contracts/site";
import { settableClock } from "../../http/clock.ts";
import { startTestApi, type TestApi } from "../../testing/start-test-api.ts";
import { createTestClient } from "../../testing/test-clients.ts";
import { addDomain } from "../../sites/domain-registry.ts";
import { HOLD_MINUTES } from "../booking-holds.ts";
import { addClassSession, makeClass } from "../testing/class-session.ts";
import { at, bookedIds, bookingRequests, dayAhead } from "../testing/booking-requests.ts";
import { createBookingScenario, type BookingScenario } from "../testing/booking-scenario.ts";
import { openEventStream, type OpenStream, type StreamEvent } from "./testing/event-stream.ts";

// Live free times (decision 0048): what a transaction writes reaches every open stream of its location within a
// second, through the database's notifications (PGlite's in process, PostgreSQL's LISTEN), and a hold's expiry
// with no write at all.

const clock = settableClock();
let api: TestApi;
let requests: ReturnType<typeof bookingRequests>;
const open: OpenStream[] = [];

beforeAll(async () => {
  api = await startTestApi({ clock });
  requests = bookingRequests(api.baseUrl);
});
afterAll(async () => {
  for (const stream of open) stream.close();
  await api?.close();
});

async function stream(locationIds: number[], headers: Record<string, string> = {}): Promise<OpenStream> {
  const opened = await openEventStream(
    `${api.baseUrl}/v1c/free-time-changes?filter[location_id]=${locationIds.join(",")}`,
    headers,
  );
  open.push(opened);
  return opened;
}

const about =
  (locationId: number, kind = "free-times") =>
  (event: StreamEvent) =>
    event.event === kind && (JSON.parse(event.data) as { location_id: string }).location_id === String(locationId);

const service = (scenario: BookingScenario, startsAt: string) => [
  { service_price_id: String(scenario.servicePriceId), employee_id: null, starts_at: startsAt },
];

describe("GET /v1c/free-time-changes", () => {
  it("is an uncompressed, uncached event stream that announces a booking within a second, and only public facts", async () => {
    const scenario = await createBookingScenario(api.database.db);
    const elsewhere = await createBookingScenario(api.database.db);
    const live = await stream([scenario.locationId], { "accept-encoding": "br, gzip" });
    expect(live.status).toBe(200);
    expect(live.headers.get("content-type")).toBe("text/event-stream");
    expect(live.headers.get("content-encoding")).toBeNull();
    expect(live.headers.get("cache-control")).toBe("no-store");

    const client = await createTestClient(api.database.db);
    const date = dayAhead(scenario);
    await bookedIds(await requests.book(client, service(elsewhere, at(elsewhere, date, "15:00"))));
    const sent = Date.now();
    await bookedIds(await requests.book(client, service(scenario, at(scenario, date, "10:00"))));
    const event = await live.next(about(scenario.locationId));
    expect(event.at - sent).toBeLessThan(1_000);
    expect(event.id).toMatch(/^[0-9a-f]{8}-\d+$/);
    const data = JSON.parse(event.data) as Record<string, string>;
    // Where and when, never who: the booked hour lies within the span announced.
    expect(Object.keys(data).sort()).toEqual(["from", "location_id", "to"]);
    expect(Date.parse(data.from as string)).toBeLessThanOrEqual(Date.parse(at(scenario, date, "10:00")));
    expect(Date.parse(data.to as string)).toBeGreaterThanOrEqual(Date.parse(at(scenario, date, "11:00")));
    // The other location's booking was not sent to this stream.
    expect(live.events.filter(about(elsewhere.locationId))).toEqual([]);
  });

  it("announces a hold, and its expiry when the hold lapses with nothing written", async () => {
    const scenario = await createBookingScenario(api.database.db);
    const live = await stream([scenario.locationId]);
    const client = await createTestClient(api.database.db);
    // The API's clock stands far enough back that the hold lapses half a second from now on the wall clock.
    const expiresAt = Date.now() + 500;
    clock.set(expiresAt - HOLD_MINUTES * 60_000);
    try {
      const held = await requests.hold(client, scenario, at(scenario, dayAhead(scenario), "11:00"));
      expect(held.status, await held.clone().text()).toBe(201);
    } finally {
      clock.set(Date.now());
    }
    await live.next(about(scenario.locationId));
    const expired = await live.next(about(scenario.locationId), 1_500);
    expect(expired.at).toBeGreaterThanOrEqual(expiresAt);
    expect(expired.at - expiresAt).toBeLessThan(1_000);
  });

  it("announces a class session's seats left as they are taken", async () => {
    const scenario = await createBookingScenario(api.database.db, { employees: 1 });
    await makeClass(api.database.db, scenario, 5);
    const startsAt = at(scenario, dayAhead(scenario), "12:00");
    const sessionId = await addClassSession(api.database.db, scenario, { startsAt, capacity: 5 });
    const live = await stream([scenario.locationId]);
    const client = await createTestClient(api.database.db);
    expect((await requests.bookSeats(client, scenario, startsAt, 2)).status).toBe(201);
    const event = await live.next(about(scenario.locationId, "seats"));
    expect(JSON.parse(event.data)).toEqual({
      location_id: String(scenario.locationId),
      class_session_id: String(sessionId),
      seats_left: 3,
    });
  });

  it("sends what a stream missed to one that reconnects with Last-Event-ID, and a reset when it cannot", async () => {
    const scenario = await createBookingScenario(api.database.db);
    const date = dayAhead(scenario);
    const client = await createTestClient(api.database.db);
    const first = await stream([scenario.locationId]);
    await bookedIds(await requests.book(client, service(scenario, at(scenario, date, "09:00"))));
    const seen = await first.next(about(scenario.locationId));
    first.close();
    await bookedIds(await requests.book(client, service(scenario, at(scenario, date, "14:00"))));

    const resumed = await stream([scenario.locationId], { "last-event-id": seen.id as string });
    const missed = await resumed.next(about(scenario.locationId));
    expect(Date.parse((JSON.parse(missed.data) as { from: string }).from)).toBeGreaterThanOrEqual(
      Date.parse(at(scenario, date, "13:00")),
    );
    // Only what came after the id: the 09:00 booking is not sent again.
    expect(resumed.events.filter(about(scenario.locationId))).toHaveLength(1);

    const elsewhere = await stream([scenario.locationId], { "last-event-id": "0badfeed-7" });
    expect((await elsewhere.next()).event).toBe("reset");
  });

  it("follows only the site's own locations on a business's own domain", async () => {
    const own = await createBookingScenario(api.database.db);
    const other = await createBookingScenario(api.database.db);
    const [business] = await api.database.db
      .select({ slug: businesses.slug })
      .from(businesses)
      .where(eq(businesses.id, own.businessId));
    const host = `${business?.slug}.localhost`;
    await addDomain(api.database.db, { host, businessSlug: business?.slug as string, verified: true });
    const live = await stream([own.locationId, other.locationId], { [SITE_HOST_HEADER]: host });
    const client = await createTestClient(api.database.db);
    const date = dayAhead(own);
    await bookedIds(await requests.book(client, service(other, at(other, date, "10:00"))));
    await bookedIds(await requests.book(client, service(own, at(own, date, "12:00"))));
    await live.next(about(own.locationId));
    expect(live.events.filter(about(other.locationId))).toEqual([]);
  });

  it.each([
    ["", "filter[location_id] is required"],
    ["?filter[location_id]=abc", "filter[location_id]"],
    [`?filter[location_id]=${Array.from({ length: 101 }, (_, index) => index + 1).join(",")}`, "at most 100"],
    ["?filter[location_id]=1&page[size]=2", "page[size]"],
  ])("refuses %s with a 400 naming the parameter", async (query, detail) => {
    const response = await fetch(`${api.baseUrl}/v1c/free-time-changes${query}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: Array<{ detail: string; source?: { parameter?: string } }> };
    expect(JSON.stringify(body.errors)).toContain(detail);
  });
});

describe("a server closing", () => {
  it("ends its open streams, so shutdown does not wait for them", async () => {
    const closing = await startTestApi();
    const live = await openEventStream(`${closing.baseUrl}/v1c/free-time-changes?filter[location_id]=1`);
    expect(live.status).toBe(200);
    const started = Date.now();
    // Closing ends the stream first; the database is closed (and the test's dropped) after.
    const closed = closing.close();
    await live.ended;
    expect(Date.now() - started).toBeLessThan(1_000);
    await closed;
  });
});
