import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { scheduledJobs } from "@termin/db/booking-schema";
import { services } from "@termin/db/catalogue-schema";
import type { Database, DatabaseHandle } from "@termin/db/database";
import { paymentLinks } from "@termin/db/payment-schema";
import { createBookingScenario, type BookingScenario } from "../../booking/testing/booking-scenario.ts";
import { at, bookingRequests, dayAhead } from "../../booking/testing/booking-requests.ts";
import { recordingLog } from "../../booking/testing/notice-test-helpers.ts";
import type { Clock } from "../../http/clock.ts";
import { runDueJobs } from "../../jobs/job-worker.ts";
import { readJson } from "../../testing/start-test-api.ts";
import type { TestClient } from "../../testing/test-clients.ts";
import { paymentJobHandlers } from "../payment-job-handlers.ts";
import type { PaymentProviders } from "../payment-providers.ts";

export type PolicyColumns = Pick<typeof services.$inferInsert, "paymentPolicy" | "depositType" | "depositValue">;

/** A test place whose one service (50.00 EUR, 60 minutes) is paid as `policy` says. */
export async function createPaymentScenario(
  db: Database,
  policy: PolicyColumns,
  options: Parameters<typeof createBookingScenario>[1] = {},
): Promise<BookingScenario> {
  const scenario = await createBookingScenario(db, { priceMinor: 5000, employees: 2, ...options });
  await db.update(services).set(policy).where(eq(services.id, scenario.serviceId));
  return scenario;
}

interface Resource {
  type: string;
  id: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: unknown }>;
}

/** A booking's answer read as its parts: the client's place and the payment link, when one was asked for. */
export async function bookedPlace(response: Response) {
  expect(response.status, await response.clone().text()).toBe(201);
  const document = await readJson<{ data: Resource; included: Resource[] }>(response);
  const place = document.included.find((each) => each.type === "appointment-clients");
  if (!place) throw new Error("a booking answer includes the appointment client");
  const link = document.included.find((each) => each.type === "payment-links");
  return { document, place, link };
}

/** Books the scenario's service at 10:00 a few days ahead. */
export async function bookAtTen(
  baseUrl: string,
  client: TestClient,
  scenario: BookingScenario,
  headers: Record<string, string> = {},
) {
  const startsAt = at(scenario, dayAhead(scenario), "10:00");
  const response = await bookingRequests(baseUrl).book(
    client,
    [{ service_price_id: String(scenario.servicePriceId), starts_at: startsAt }],
    headers,
  );
  return { startsAt, ...(await bookedPlace(response)) };
}

/** The stored link row. */
export async function linkRow(db: Database, id: string | number) {
  const [row] = await db
    .select()
    .from(paymentLinks)
    .where(eq(paymentLinks.id, Number(id)));
  if (!row) throw new Error(`no payment link ${id}`);
  return row;
}

/**
 * Runs the payment jobs that are due by the test clock: their run_at is moved back to the database's now when the
 * clock has passed it (the worker reads the database's time), so time is moved, never waited for.
 */
export async function runPaymentJobs(database: DatabaseHandle, providers: PaymentProviders, clock: Clock) {
  await database.db.update(scheduledJobs).set({ runAt: sql`now()` })
    .where(sql`${scheduledJobs.kind} like 'payment-link.%' and ${scheduledJobs.doneAt} is null
      and ${scheduledJobs.runAt} <= ${new Date(clock.now())}`);
  return runDueJobs({
    database,
    handlers: paymentJobHandlers({ db: database.db, providers, clock }),
    log: recordingLog(),
    pollMs: 10,
  });
}
