import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorDocument } from "@termin/contracts/jsonapi";
import { bookingHolds } from "@termin/db/booking-schema";
import { readJson, startTestApi, type TestApi } from "../testing/start-test-api.ts";
import { createTestClient } from "../testing/test-clients.ts";
import { at, bookedIds, bookingRequests, dayAhead } from "./testing/booking-requests.ts";
import { createBookingScenario } from "./testing/booking-scenario.ts";

// Holds, their release, moves and cancellations are as safe to send twice as a booking: a hold's Location reads it.

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const requests = () => bookingRequests(api.baseUrl);
const newKey = () => ({ "idempotency-key": crypto.randomUUID() });
const idOf = async (response: Response) => (await readJson<{ data: { id: string } }>(response.clone())).data.id;
const statuses = (answers: Response[]) => answers.map((answer) => answer.status);
const replayed = (answers: Response[]) =>
  answers.filter((answer) => answer.headers.get("idempotent-replayed") === "true").length;

describe("booking holds", () => {
  it("answer a new hold with its Location, which reads it for its holder only", async () => {
    const scenario = await createBookingScenario(api.database.db, { employees: 1 });
    const [alice, bob] = [await createTestClient(api.database.db), await createTestClient(api.database.db)];
    const startsAt = at(scenario, dayAhead(scenario), "10:00");
    const created = await requests().hold(alice, scenario, startsAt);
    expect(created.status, await created.clone().text()).toBe(201);
    const id = await idOf(created);
    expect(created.headers.get("location")).toBe(`/v1c/booking-holds/${id}`);

    const read = await fetch(new URL(created.headers.get("location") ?? "", api.baseUrl), {
      headers: { authorization: alice.authorization },
    });
    expect(read.status).toBe(200);
    expect(read.headers.get("cache-control")).toBe("private, no-store");
    const document = await readJson<{ data: { id: string; attributes: { starts_at: string } } }>(read);
    expect(document.data).toMatchObject({ id, attributes: { starts_at: startsAt } });

    expect((await requests().heldTime(bob, id)).status).toBe(404);
    expect((await requests().heldTime(alice, "nine")).status).toBe(404);
    // An expired hold is no longer the client's time: as gone as a released one.
    await api.database.db
      .update(bookingHolds)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookingHolds.id, Number(id)));
    const expired = await requests().heldTime(alice, id);
    expect(expired.status).toBe(404);
    expect((await readJson<ErrorDocument>(expired)).errors[0]?.code).toBe("not_found");
  });

  it("hold once for parallel requests with one key, replay the answer, and refuse the key with another body", async () => {
    const scenario = await createBookingScenario(api.database.db, { employees: 2 });
    const client = await createTestClient(api.database.db);
    const date = dayAhead(scenario);
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => requests().hold(client, scenario, at(scenario, date, "11:00"), null, key)),
    );
    expect(statuses(answers)).toEqual([201, 201, 201, 201]);
    expect(new Set(await Promise.all(answers.map(idOf))).size).toBe(1);
    expect(replayed(answers)).toBe(3);
    expect(answers.every((answer) => answer.headers.get("location") === answers[0]?.headers.get("location"))).toBe(
      true,
    );
    const held = await readJson<{ data: unknown[] }>(await requests().holds(client));
    expect(held.data).toHaveLength(1);

    const other = await requests().hold(client, scenario, at(scenario, date, "12:00"), null, key);
    expect(other.status).toBe(422);
    expect((await readJson<ErrorDocument>(other)).errors[0]?.source).toEqual({ header: "Idempotency-Key" });
  });

  it("are released once for parallel requests with one key (204 each), and a key names one hold", async () => {
    const scenario = await createBookingScenario(api.database.db, { employees: 2 });
    const client = await createTestClient(api.database.db);
    const date = dayAhead(scenario);
    const first = await idOf(await requests().hold(client, scenario, at(scenario, date, "10:00")));
    const second = await idOf(await requests().hold(client, scenario, at(scenario, date, "14:00")));
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 3 }, () => requests().releaseHold(client, first, key)));
    expect(statuses(answers)).toEqual([204, 204, 204]);
    expect(replayed(answers)).toBe(2);
    // Without a key, a second release finds nothing.
    expect((await requests().releaseHold(client, first)).status).toBe(404);
    // The same key on another hold is another request.
    expect((await requests().releaseHold(client, second, key)).status).toBe(422);
    expect((await requests().heldTime(client, second)).status).toBe(200);
  });
});

describe("moves and cancellations", () => {
  it("move once for parallel requests with one key, each answered with the moved appointment", async () => {
    const scenario = await createBookingScenario(api.database.db, { employees: 1 });
    const client = await createTestClient(api.database.db);
    const date = dayAhead(scenario, 4);
    const service = (time: string) => ({
      service_price_id: String(scenario.servicePriceId),
      starts_at: at(scenario, date, time),
    });
    const { appointmentId } = await bookedIds(await requests().book(client, [service("10:00")]));
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => requests().move(client, appointmentId, [service("13:00")], key)),
    );
    expect(statuses(answers)).toEqual([200, 200, 200]);
    expect(replayed(answers)).toBe(2);
    for (const answer of answers) {
      const moved = await readJson<{ data: { attributes: { starts_at: string } } }>(answer);
      expect(moved.data.attributes.starts_at).toBe(at(scenario, date, "13:00"));
    }
    const again = await requests().move(client, appointmentId, [service("15:00")], key);
    expect(again.status).toBe(422);
  });

  it("cancel once for parallel requests with one key", async () => {
    const scenario = await createBookingScenario(api.database.db, { employees: 1 });
    const client = await createTestClient(api.database.db);
    const date = dayAhead(scenario, 5);
    const { appointmentClientId } = await bookedIds(
      await requests().book(client, [
        { service_price_id: String(scenario.servicePriceId), starts_at: at(scenario, date, "10:00") },
      ]),
    );
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => requests().cancel(client, appointmentClientId, key)),
    );
    expect(statuses(answers)).toEqual([200, 200, 200]);
    expect(replayed(answers)).toBe(2);
    const [first, ...others] = await Promise.all(answers.map((answer) => readJson<object>(answer)));
    for (const other of others) expect(other).toEqual(first);
  });
});

describe("an empty body with a JSON content type", () => {
  it("is no body for a DELETE, and a 400 in our words for the methods that take a document", async () => {
    const scenario = await createBookingScenario(api.database.db, { employees: 1 });
    const client = await createTestClient(api.database.db);
    const id = await idOf(await requests().hold(client, scenario, at(scenario, dayAhead(scenario), "10:00")));
    for (const type of ["application/json", "application/vnd.api+json"]) {
      const released = await fetch(`${api.baseUrl}/v1c/booking-holds/${id}`, {
        method: "DELETE",
        headers: { authorization: client.authorization, "content-type": type },
      });
      expect(released.status, await released.clone().text()).toBe(type === "application/json" ? 204 : 404);
    }
    for (const [method, path] of [
      ["POST", "booking-holds"],
      ["PATCH", "appointment-clients/1"],
    ] as const) {
      const empty = await fetch(`${api.baseUrl}/v1c/${path}`, {
        method,
        headers: { authorization: client.authorization, "content-type": "application/json" },
      });
      expect(empty.status).toBe(400);
      expect(empty.headers.get("content-type")).toBe("application/vnd.api+json");
      const [error] = (await readJson<ErrorDocument>(empty)).errors;
      expect(error).toMatchObject({ code: "bad_request", source: { pointer: "" } });
      expect(error?.detail).toBe("The body is empty: send a JSON document.");
    }
  });
});
