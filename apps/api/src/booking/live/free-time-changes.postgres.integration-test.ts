import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../../testing/start-test-api.ts";
import { createTestClient } from "../../testing/test-clients.ts";
import { startApiProcesses } from "../testing/api-processes.ts";
import { at, bookedIds, bookingRequests, dayAhead } from "../testing/booking-requests.ts";
import { createBookingScenario } from "../testing/booking-scenario.ts";
import { openEventStream } from "./testing/event-stream.ts";

// Two server processes on one PostgreSQL database, as production runs them: one books, the other's open stream
// hears of it through the database (NOTIFY from the writing transaction), within a second.

let api: TestApi;
let processes: { urls: string[]; stop: () => Promise<void> };
beforeAll(async () => {
  api = await startTestApi();
  processes = await startApiProcesses(api.databaseUrl as string, 2);
}, 120_000);
afterAll(async () => {
  await processes?.stop();
  await api?.close();
});

it("announces a booking made through one process on the other process's stream within a second", async () => {
  const [writer, reader] = processes.urls as [string, string];
  const scenario = await createBookingScenario(api.database.db);
  // Left open: the processes' shutdown ends it (an aborted fetch leaves undici a connection that holds it).
  const live = await openEventStream(`${reader}/v1c/free-time-changes?filter[location_id]=${scenario.locationId}`);
  const client = await createTestClient(api.database.db);
  const startsAt = at(scenario, dayAhead(scenario), "10:00");
  const sent = Date.now();
  await bookedIds(
    await bookingRequests(writer).book(client, [
      { service_price_id: String(scenario.servicePriceId), employee_id: null, starts_at: startsAt },
    ]),
  );
  const event = await live.next((each) => each.event === "free-times");
  expect(event.at - sent).toBeLessThan(1_000);
  expect(JSON.parse(event.data)).toMatchObject({ location_id: String(scenario.locationId) });
});
