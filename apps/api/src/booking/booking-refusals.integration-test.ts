import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorDocument } from "@termin/contracts/jsonapi";
import { employees, locations } from "@termin/db/catalogue-schema";
import { readJson, startTestApi, type TestApi } from "../testing/start-test-api.ts";
import { createTestClient, type TestClient } from "../testing/test-clients.ts";
import { at, bookingRequests, dayAhead } from "./testing/booking-requests.ts";
import { createBookingScenario, type BookingScenario } from "./testing/booking-scenario.ts";

// A refusal points at the member to change (JSON:API source.pointer): a client's form shows the message there.

let api: TestApi;
let client: TestClient;
let scenario: BookingScenario;
/** A second place of the scenario's business, with an employee of its own. */
let other: { locationId: number; employeeId: number };

beforeAll(async () => {
  api = await startTestApi();
  client = await createTestClient(api.database.db);
  scenario = await createBookingScenario(api.database.db);
  const db = api.database.db;
  const [first] = await db.select().from(locations).where(eq(locations.id, scenario.locationId));
  if (!first) throw new Error("the scenario's location is missing");
  const { id: _id, ...copy } = first;
  const [second] = await db
    .insert(locations)
    .values({ ...copy, slug: `second-${randomUUID().slice(0, 8)}`, name: `${first.name} II` })
    .returning();
  if (!second) throw new Error("no second location");
  const [employee] = await db
    .insert(employees)
    .values({
      businessId: scenario.businessId,
      locationId: second.id,
      firstName: "Vera",
      lastName: "Elsewhere",
      title: "",
    })
    .returning();
  if (!employee) throw new Error("no employee at the second location");
  other = { locationId: second.id, employeeId: employee.id };
});
afterAll(() => api.close());

const requests = () => bookingRequests(api.baseUrl);
const startsAt = () => at(scenario, dayAhead(scenario), "10:00");

async function refusal(response: Response) {
  expect(response.status, await response.clone().text()).toBe(422);
  return (await readJson<ErrorDocument>(response)).errors[0];
}

function post(path: string, body: unknown) {
  return fetch(`${api.baseUrl}/v1c/${path}`, {
    method: "POST",
    headers: { authorization: client.authorization, "content-type": "application/vnd.api+json" },
    body: JSON.stringify(body),
  });
}

describe("where a booking goes, at a business with several places", () => {
  it("a booking with Any professional and no place asks for its location", async () => {
    const error = await refusal(
      await requests().book(client, [{ service_price_id: String(scenario.servicePriceId), starts_at: startsAt() }]),
    );
    expect(error).toMatchObject({
      code: "location_required",
      source: { pointer: "/data/relationships/location" },
      meta: { reason: "location_required" },
    });
  });

  it("a hold with no place asks for its location relationship", async () => {
    const error = await refusal(await requests().hold(client, scenario, startsAt()));
    expect(error).toMatchObject({ code: "location_required", source: { pointer: "/data/relationships/location" } });
  });

  it("an unknown service price is named as such, not as a missing place", async () => {
    const error = await refusal(
      await requests().book(client, [{ service_price_id: "999999999", starts_at: startsAt() }]),
    );
    expect(error).toMatchObject({
      code: "unknown_service_price",
      detail: "There is no service price 999999999.",
      source: { pointer: "/data/attributes/services/0/service_price_id" },
    });
  });

  it("an employee of another place is blamed, not the service price", async () => {
    const atFirstPlace = await post("appointments", {
      data: {
        type: "appointments",
        attributes: {
          services: [
            {
              service_price_id: String(scenario.servicePriceId),
              employee_id: String(other.employeeId),
              starts_at: startsAt(),
            },
          ],
        },
        relationships: { location: { data: { type: "locations", id: String(scenario.locationId) } } },
      },
    });
    expect(await refusal(atFirstPlace)).toMatchObject({
      code: "employee_does_not_perform",
      source: { pointer: "/data/attributes/services/0/employee_id" },
    });
    const unknownEmployee = await requests().hold(client, scenario, startsAt(), 999999999);
    expect(await refusal(unknownEmployee)).toMatchObject({
      code: "unknown_employee",
      detail: "There is no professional 999999999.",
      source: { pointer: "/data/relationships/employee" },
    });
  });
});
