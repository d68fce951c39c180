import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "@termin/config/env";
import type { ErrorDocument } from "@termin/contracts/jsonapi";
import { notifications } from "@termin/db/account-schema";
import { scheduledJobs } from "@termin/db/booking-schema";
import { rawRows } from "@termin/db/raw-rows";
import { settableClock } from "../../http/clock.ts";
import { runDueJobs } from "../../jobs/job-worker.ts";
import { createMailer } from "../../mail/mailer.ts";
import { readJson, startTestApi, type TestApi } from "../../testing/start-test-api.ts";
import { createTestClient, type TestClient } from "../../testing/test-clients.ts";
import { at, bookedIds, bookingRequests, dayAhead } from "../testing/booking-requests.ts";
import { createBookingScenario } from "../testing/booking-scenario.ts";
import { addClassSession, makeClass } from "../testing/class-session.ts";
import { readOutbox, recordingLog } from "../testing/notice-test-helpers.ts";
import { waitlistJobHandlers } from "./waitlist-job-handlers.ts";
import { WAITLIST_JOB } from "./waitlist-jobs.ts";

// On a whole second: the API writes times to the second.
const clock = settableClock(Math.floor(Date.now() / 1000) * 1000);
let api: TestApi;
let requests: ReturnType<typeof bookingRequests>;
let dataDir: string;

beforeAll(async () => {
  api = await startTestApi({ clock });
  requests = bookingRequests(api.baseUrl);
  dataDir = await mkdtemp(join(tmpdir(), "termin-waitlist-"));
});
afterAll(async () => {
  await api?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * What a server's job worker does, on the test's clock: the waitlist's jobs due by it (the worker reads the
 * database's clock, so those are made due by it first).
 */
async function runWaitlistJobs() {
  await api.database.db.execute(
    sql`update scheduled_jobs set run_at = now() - interval '1 second'
        where kind like 'waitlist.%' and done_at is null and run_at <= ${new Date(clock.now())}`,
  );
  const config = loadConfig({ LOG_LEVEL: "silent", DATA_DIR: dataDir, PUBLIC_URL: "https://termin.test" });
  const log = recordingLog();
  const handlers = waitlistJobHandlers({
    db: api.database.db,
    mailer: createMailer(config, log),
    config,
    now: () => clock.now(),
  });
  await runDueJobs({ database: api.database, handlers, log, pollMs: 10 });
}

/** A full session of 2 seats, both taken by one client, at a place in Sofia. */
async function fullSession() {
  const scenario = await createBookingScenario(api.database.db, {
    employees: 1,
    opens: "07:00",
    closes: "21:00",
    settings: { maxSeatsPerBooking: 2 },
  });
  await makeClass(api.database.db, scenario, 2);
  const startsAt = at(scenario, dayAhead(scenario), "18:00");
  const sessionId = await addClassSession(api.database.db, scenario, { startsAt, capacity: 2 });
  const booker = await createTestClient(api.database.db);
  const place = await bookedIds(await requests.bookSeats(booker, scenario, startsAt, 2));
  return { scenario, startsAt, sessionId, booker, place };
}

const send = (client: TestClient, method: string, path: string, body?: unknown) =>
  fetch(`${api.baseUrl}/v1c/${path}`, {
    method,
    headers: {
      authorization: client.authorization,
      ...(body === undefined ? {} : { "content-type": "application/vnd.api+json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const join_ = (client: TestClient, sessionId: number, seats = 1) =>
  send(client, "POST", "waitlist-entries", {
    data: {
      type: "waitlist-entries",
      attributes: { seats_count: seats },
      relationships: { classSession: { data: { type: "class-sessions", id: String(sessionId) } } },
    },
  });

interface EntryDocument {
  data: {
    id: string;
    attributes: { status: string; position: number | null; seats_count: number; offer_expires_at: string | null };
    relationships: { bookingHold: { data: { id: string } | null } };
  };
}

async function entry(client: TestClient, id: string) {
  const response = await send(client, "GET", `waitlist-entries/${id}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await readJson<EntryDocument>(response)).data;
}

const errorOf = async (response: Response) => (await readJson<ErrorDocument>(response)).errors[0];

describe("waitlist entries", () => {
  it("lines clients up for a full session only, once each, and keeps each client's entries their own", async () => {
    const { sessionId, booker } = await fullSession();
    const [first, second] = await Promise.all([createTestClient(api.database.db), createTestClient(api.database.db)]);
    const joined = await join_(first, sessionId);
    expect(joined.status, await joined.clone().text()).toBe(201);
    const firstEntry = (await readJson<EntryDocument>(joined)).data;
    expect(firstEntry.attributes).toMatchObject({ status: "waiting", position: 1, seats_count: 1 });
    const secondEntry = (await readJson<EntryDocument>(await join_(second, sessionId))).data;
    expect(secondEntry.attributes.position).toBe(2);

    const again = await join_(first, sessionId);
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toMatchObject({ code: "already_waiting" });
    const booked = await join_(booker, sessionId);
    expect(booked.status).toBe(422);
    expect(await errorOf(booked)).toMatchObject({ code: "already_in_class" });
    expect((await send(second, "GET", `waitlist-entries/${firstEntry.id}`)).status).toBe(404);
    expect((await send(second, "DELETE", `waitlist-entries/${firstEntry.id}`)).status).toBe(404);

    // Leaving moves those behind up.
    expect((await send(first, "DELETE", `waitlist-entries/${firstEntry.id}`)).status).toBe(204);
    expect((await entry(second, secondEntry.id)).attributes.position).toBe(1);
  });

  it("refuses to line up for a session with the seats asked for: book them", async () => {
    const scenario = await createBookingScenario(api.database.db, { employees: 1, opens: "07:00", closes: "21:00" });
    await makeClass(api.database.db, scenario, 4);
    const sessionId = await addClassSession(api.database.db, scenario, {
      startsAt: at(scenario, dayAhead(scenario), "09:00"),
      capacity: 4,
    });
    const response = await join_(await createTestClient(api.database.db), sessionId);
    expect(response.status).toBe(422);
    expect(await errorOf(response)).toMatchObject({ code: "seats_available", meta: { seats_left: 4 } });
  });
});

describe("the hand-over of freed seats", () => {
  it("holds freed seats for the first in line for 30 minutes, tells them in their language, then passes them on", async () => {
    const { scenario, startsAt, sessionId, booker, place } = await fullSession();
    const first = await createTestClient(api.database.db, { language: "bg", firstName: "Мария" });
    const second = await createTestClient(api.database.db);
    const firstId = (await readJson<EntryDocument>(await join_(first, sessionId, 2))).data.id;
    const secondId = (await readJson<EntryDocument>(await join_(second, sessionId, 2))).data.id;

    expect((await requests.cancel(booker, place.appointmentClientId)).status).toBe(200);
    // The hand-over is a job written with the cancellation: it survives a restart before any worker runs it.
    const due = await api.database.db
      .select()
      .from(scheduledJobs)
      .where(and(eq(scheduledJobs.kind, WAITLIST_JOB.offer), like(scheduledJobs.key, `waitlist:${sessionId}:%`)));
    expect(due).toHaveLength(1);
    await runWaitlistJobs();

    const offered = await entry(first, firstId);
    expect(offered.attributes.status).toBe("offered");
    expect(Date.parse(offered.attributes.offer_expires_at ?? "")).toBe(clock.now() + 30 * 60_000);
    expect((await entry(second, secondId)).attributes).toMatchObject({ status: "waiting", position: 1 });
    // The seats are theirs: held for them (their basket's holds), and nobody else can take them.
    const holds = await readJson<{ data: Array<{ id: string; attributes: { seats_count: number } }> }>(
      await requests.holds(first),
    );
    expect(holds.data.map((hold) => [hold.id, hold.attributes.seats_count])).toEqual([
      [offered.relationships.bookingHold.data?.id, 2],
    ]);
    const other = await requests.bookSeats(await createTestClient(api.database.db), scenario, startsAt, 1);
    expect(other.status).toBe(409);
    const [notice] = await api.database.db.select().from(notifications).where(eq(notifications.clientId, first.id));
    expect(notice).toMatchObject({
      kind: "waitlist_seat_offered",
      title: "Освободи се място за вас",
      actionUrl: `/bg/classes/${sessionId}`,
    });
    const mails = await readOutbox(dataDir);
    expect(mails.find((mail) => mail.to.includes(first.email))?.subject).toBe("Освободи се място за вас");

    // Not booked within 30 minutes: the offer passes to the next in line.
    clock.advance(31 * 60_000);
    try {
      await runWaitlistJobs();
      expect((await entry(first, firstId)).attributes.status).toBe("expired");
      // The expiry queued the next offer.
      await runWaitlistJobs();
      expect((await entry(second, secondId)).attributes.status).toBe("offered");
      // The second client books what is held for them: the hold becomes their place, their entry is booked.
      const booked = await requests.bookSeats(second, scenario, startsAt, 2);
      expect(booked.status, await booked.clone().text()).toBe(201);
      expect((await entry(second, secondId)).attributes.status).toBe("booked");
      const [{ seats_taken } = { seats_taken: -1 }] = await rawRows<{ seats_taken: number }>(
        api.database.db,
        sql`select seats_taken from appointments where id = ${sessionId}`,
      );
      expect(seats_taken).toBe(2);
    } finally {
      clock.advance(-31 * 60_000);
    }
  });

  it("passes a declined offer on at once", async () => {
    const { sessionId, booker, place } = await fullSession();
    const [first, second] = await Promise.all([createTestClient(api.database.db), createTestClient(api.database.db)]);
    const firstId = (await readJson<EntryDocument>(await join_(first, sessionId, 2))).data.id;
    const secondId = (await readJson<EntryDocument>(await join_(second, sessionId, 2))).data.id;
    await requests.cancel(booker, place.appointmentClientId);
    await runWaitlistJobs();
    expect((await send(first, "DELETE", `waitlist-entries/${firstId}`)).status).toBe(204);
    await runWaitlistJobs();
    expect((await entry(first, firstId)).attributes.status).toBe("left");
    expect((await entry(second, secondId)).attributes.status).toBe("offered");
  });
});
