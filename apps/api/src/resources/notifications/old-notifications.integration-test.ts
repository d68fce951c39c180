import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NotificationCollectionDocument } from "@termin/contracts/client-area-resources";
import { notifications } from "@termin/db/account-schema";
import { locations } from "@termin/db/catalogue-schema";
import { createBookingScenario } from "../../booking/testing/booking-scenario.ts";
import { createTestAppointment } from "../../booking/testing/test-appointment.ts";
import { readJson, startTestApi, type TestApi } from "../../testing/start-test-api.ts";
import { createTestClient } from "../../testing/test-clients.ts";

// Notifications stored before they kept a kind and facts (words only, in the account's language) are given them
// by migration 0011, so they too are written in the reader's language. Here its data step runs again on rows
// written the old way, on a database already migrated.
const MIGRATION = new URL("../../../../../packages/db/migrations/0011_notification_kinds.sql", import.meta.url);
const dataStep = readFileSync(MIGRATION, "utf8").split("--> statement-breakpoint").at(-1) ?? "";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe("booking notices stored before kinds", () => {
  it("take their kind and the appointment's facts; other messages keep their words", async () => {
    const db = api.database.db;
    const client = await createTestClient(db, { language: "bg" });
    const scenario = await createBookingScenario(db, { timeZone: "Europe/Sofia" });
    await db.update(locations).set({ name: "Вита" }).where(eq(locations.id, scenario.locationId));
    // Thursday 3 December 2026, 12:30 in Sofia.
    const appointment = await createTestAppointment(db, {
      scenario,
      clientId: client.id,
      services: [{ startsAt: new Date("2026-12-03T10:30:00Z"), minutes: 45 }],
    });
    await db.insert(notifications).values([
      {
        clientId: client.id,
        title: "Часът е запазен",
        body: "Старият текст.",
        actionUrl: `/bg/appointments/${appointment.appointmentClientId}`,
        createdAt: new Date(Date.now() - 60_000),
      },
      { clientId: client.id, title: "Часът е запазен", body: "Написано от салона.", actionUrl: "/bg/forms" },
    ]);

    await db.execute(sql.raw(dataStep));

    const response = await fetch(`${api.baseUrl}/v1c/notifications`, {
      headers: { authorization: client.authorization, "accept-language": "en" },
    });
    expect(response.status).toBe(200);
    const [message, notice] = (await readJson<NotificationCollectionDocument>(response)).data;
    expect(message?.attributes).toMatchObject({ title: "Часът е запазен", body: "Написано от салона." });
    expect(notice?.attributes.title).toBe("Appointment booked");
    expect(notice?.attributes.body).toMatch(/ at Вита on Thursday, December 3, 2026 at 12:30\sPM\.$/);
  });
});
