import { eq, sql } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients } from "@termin/db/account-schema";
import { appointmentClients, appointmentServices, appointments } from "@termin/db/booking-schema";
import { locations } from "@termin/db/catalogue-schema";
import { APPOINTMENT_STATUS } from "@termin/domain/appointment-statuses";
import { startTestApi, type TestApi } from "../../testing/start-test-api.ts";
import { createTestClient } from "../../testing/test-clients.ts";
import { createBookingScenario, type BookingScenario } from "../testing/booking-scenario.ts";
import { createTestAppointment } from "../testing/test-appointment.ts";
import { calendarLink } from "./calendar-link.ts";

const PUBLIC_URL = "https://termin.test";

let api: TestApi;
let scenario: BookingScenario;

beforeAll(async () => {
  api = await startTestApi({ env: { PUBLIC_URL } });
  scenario = await createBookingScenario(api.database.db, { timeZone: "Europe/Sofia", employees: 2 });
  await api.database.db
    .update(locations)
    .set({ name: "Студио Нова", address: "бул. Витоша 1" })
    .where(eq(locations.id, scenario.locationId));
});
afterAll(async () => {
  await api?.close();
});

/** The file's one event, read back by ical.js (Mozilla's parser): what a calendar app would see. */
function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      sequence: event.sequence,
      status: vevent.getFirstPropertyValue("status"),
      start: event.startDate.toJSDate().toISOString(),
      startZone: event.startDate.zone?.tzid,
      end: event.endDate.toJSDate().toISOString(),
      stamp: vevent.getFirstPropertyValue("dtstamp"),
      summary: event.summary,
      location: event.location,
      description: event.description,
      url: vevent.getFirstPropertyValue("url"),
    };
  });
}

async function download(token: string) {
  const response = await fetch(calendarLink(api.baseUrl, token));
  const text = await response.text();
  return { response, text };
}

async function theEvent(token: string) {
  const { response, text } = await download(token);
  expect(response.status, text).toBe(200);
  const events = eventsOf(text);
  expect(events).toHaveLength(1);
  return events[0] as ReturnType<typeof eventsOf>[number];
}

const at = (iso: string) => new Date(iso);

describe("GET /calendar/{token}.ics", () => {
  it("answers one event for the whole appointment without sign-in, in UTC, in the client's language", async () => {
    const client = await createTestClient(api.database.db, { language: "bg", firstName: "Мария" });
    // Saturday 27 March 2027 in Sofia is still winter time, UTC+2: 10:00 local is 08:00Z.
    const appointment = await createTestAppointment(api.database.db, {
      scenario,
      clientId: client.id,
      services: [
        { name: "Маникюр", startsAt: at("2027-03-27T08:00:00Z"), minutes: 45 },
        { name: "Педикюр", startsAt: at("2027-03-27T08:45:00Z"), minutes: 60, employee: 1 },
      ],
    });

    const { response, text } = await download(appointment.calendarToken);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="appointment.ics"');
    expect(response.headers.get("cache-control")).toBe("private, no-cache");
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);

    const [event] = eventsOf(text);
    expect(event).toMatchObject({
      uid: `appointment-client-${appointment.appointmentClientId}@termin.test`,
      sequence: 0,
      status: "CONFIRMED",
      start: "2027-03-27T08:00:00.000Z",
      startZone: "UTC",
      end: "2027-03-27T09:45:00.000Z",
      summary: "Маникюр и Педикюр в Студио Нова",
      url: `${PUBLIC_URL}/bg/appointments`,
    });
    expect(event?.location).toMatch(/^Студио Нова, бул\. Витоша 1, /);
    const lines = event?.description.split("\n") ?? [];
    expect(lines[0]).toMatch(/^10:00–10:45 Маникюр при Employee1 /);
    expect(lines[1]).toMatch(/^10:45–11:45 Педикюр при Employee2 /);
    expect(lines.at(-1)).toBe(`${PUBLIC_URL}/bg/appointments`);
  });

  it("puts each time exactly where it was across the spring-forward night in Sofia", async () => {
    const client = await createTestClient(api.database.db, { language: "en" });
    const bookings = [
      // Saturday, UTC+2.
      { startsAt: at("2027-03-27T08:00:00Z"), local: "10:00" },
      // 02:30 is still UTC+2; one hour later the clocks jump from 03:00 to 04:00, so it ends at 04:30 UTC+3.
      { startsAt: at("2027-03-28T00:30:00Z"), local: "2:30" },
      // Monday, UTC+3: 10:00 local is 07:00Z.
      { startsAt: at("2027-03-29T07:00:00Z"), local: "10:00" },
    ];
    const events = [];
    for (const booking of bookings) {
      const appointment = await createTestAppointment(api.database.db, {
        scenario,
        clientId: client.id,
        services: [{ name: "Manicure", startsAt: booking.startsAt, minutes: 60 }],
      });
      events.push(await theEvent(appointment.calendarToken));
    }
    expect(events.map((event) => [event.start, event.end])).toEqual([
      ["2027-03-27T08:00:00.000Z", "2027-03-27T09:00:00.000Z"],
      ["2027-03-28T00:30:00.000Z", "2027-03-28T01:30:00.000Z"],
      ["2027-03-29T07:00:00.000Z", "2027-03-29T08:00:00.000Z"],
    ]);
    // The description says the place's wall clock: 10:00 on both sides of the change, 2:30-4:30 through it.
    const descriptions = events.map((event) => event.description.split("\n")[0]);
    expect(descriptions[0]).toMatch(/^10:00\sAM\s–\s11:00\sAM Manicure with Employee1 /);
    expect(descriptions[1]).toMatch(/^2:30\sAM\s–\s4:30\sAM Manicure with Employee1 /);
    expect(descriptions[2]).toMatch(/^10:00\sAM\s–\s11:00\sAM Manicure with Employee1 /);
    expect(events[0]?.summary).toBe("Manicure at Студио Нова");
  });

  it("keeps the UID, raises SEQUENCE and says CANCELLED as the appointment changes", async () => {
    const client = await createTestClient(api.database.db, { language: "de" });
    const appointment = await createTestAppointment(api.database.db, {
      scenario,
      clientId: client.id,
      services: [{ name: "Massage", startsAt: at("2027-05-10T07:00:00Z"), minutes: 60 }],
    });
    const first = await theEvent(appointment.calendarToken);
    const again = await theEvent(appointment.calendarToken);
    expect(again).toEqual(first);
    expect(first).toMatchObject({ sequence: 0, status: "CONFIRMED", start: "2027-05-10T07:00:00.000Z" });

    // Moved a day later, as a reschedule leaves the rows.
    const db = api.database.db;
    await db
      .update(appointments)
      .set({
        startsAt: at("2027-05-11T07:00:00Z"),
        endsAt: at("2027-05-11T08:00:00Z"),
        sequence: sql`${appointments.sequence} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(appointments.id, appointment.appointmentId));
    await db
      .update(appointmentServices)
      .set({ startsAt: at("2027-05-11T07:00:00Z"), endsAt: at("2027-05-11T08:00:00Z") })
      .where(eq(appointmentServices.appointmentId, appointment.appointmentId));
    const moved = await theEvent(appointment.calendarToken);
    expect(moved).toMatchObject({
      uid: first.uid,
      sequence: 1,
      status: "CONFIRMED",
      start: "2027-05-11T07:00:00.000Z",
      end: "2027-05-11T08:00:00.000Z",
    });

    // Then cancelled.
    await db
      .update(appointmentClients)
      .set({ statusId: APPOINTMENT_STATUS.cancelled, updatedAt: sql`now()` })
      .where(eq(appointmentClients.id, appointment.appointmentClientId));
    await db
      .update(appointments)
      .set({ sequence: sql`${appointments.sequence} + 1` })
      .where(eq(appointments.id, appointment.appointmentId));
    const cancelled = await theEvent(appointment.calendarToken);
    expect(cancelled).toMatchObject({ uid: first.uid, sequence: 2, status: "CANCELLED" });
    expect(cancelled.summary).toBe("Massage bei Студио Нова");
  });

  it("answers a JSON:API 404 for an unknown or malformed token and for a deleted account's appointment", async () => {
    const client = await createTestClient(api.database.db);
    const appointment = await createTestAppointment(api.database.db, {
      scenario,
      clientId: client.id,
      services: [{ startsAt: at("2027-06-01T07:00:00Z"), minutes: 60 }],
    });
    await api.database.db.update(clients).set({ deletedAt: new Date() }).where(eq(clients.id, client.id));
    for (const token of [appointment.calendarToken, "A".repeat(43), "short", "not.a-token"]) {
      const { response, text } = await download(token);
      expect(response.status, token).toBe(404);
      expect(response.headers.get("content-type")).toMatch(/^application\/vnd\.api\+json/);
      expect(JSON.parse(text)).toMatchObject({ errors: [{ status: "404", code: "not_found" }] });
    }
  });
});

describe("calendarLink", () => {
  it("is the public address of the file", () => {
    expect(calendarLink("https://termin.test/", "abc_DEF-123")).toBe("https://termin.test/calendar/abc_DEF-123.ics");
  });
});
