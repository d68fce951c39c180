import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, isNull, like } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, type AppConfig } from "@termin/config/env";
import { notifications } from "@termin/db/account-schema";
import { appointmentClients, scheduledJobs } from "@termin/db/booking-schema";
import { locations } from "@termin/db/catalogue-schema";
import type { Database } from "@termin/db/database";
import { APPOINTMENT_STATUS } from "@termin/domain/appointment-statuses";
import { SUPPORTED_LANGUAGES, type Language } from "@termin/domain/languages";
import { runDueJobs } from "../../jobs/job-worker.ts";
import { createMailer, type Mailer } from "../../mail/mailer.ts";
import { startTestApi, type TestApi } from "../../testing/start-test-api.ts";
import { createTestClient } from "../../testing/test-clients.ts";
import { createBookingScenario, type BookingScenario } from "../testing/booking-scenario.ts";
import { createTestAppointment } from "../testing/test-appointment.ts";
import {
  cancelAppointmentJobs,
  completeJobKey,
  queueBookingNotice,
  reminderJobKey,
  scheduleAppointmentJobs,
} from "./appointment-jobs.ts";
import { bookingJobHandlers } from "./booking-job-handlers.ts";
import { BOOKING_NOTICE_TEXTS } from "./booking-notice-texts.ts";
import { readOutbox, recordingLog } from "../testing/notice-test-helpers.ts";

const PUBLIC_URL = "https://termin.test";
const HOUR = 3_600_000;

let api: TestApi;
let db: Database;
let dataDir: string;
let config: AppConfig;
let scenario: BookingScenario;

beforeAll(async () => {
  api = await startTestApi();
  db = api.database.db;
  dataDir = await mkdtemp(join(tmpdir(), "termin-notices-"));
  config = loadConfig({ LOG_LEVEL: "silent", APP_VERSION: "9.9.9", APP_BUILD: "test", DATA_DIR: dataDir, PUBLIC_URL });
  scenario = await createBookingScenario(db, { timeZone: "Europe/Sofia" });
  await db
    .update(locations)
    .set({ name: "Студио Нова", address: "бул. Витоша 1" })
    .where(eq(locations.id, scenario.locationId));
});
afterEach(() => rm(join(dataDir, "outbox"), { recursive: true, force: true }));
afterAll(async () => {
  await api?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const outboxMailer = (log = recordingLog()) => createMailer(config, log);

const notificationsOf = (clientId: string) =>
  db.select().from(notifications).where(eq(notifications.clientId, clientId));

/** A client in `language` with one manicure at `startsAt` (45 minutes) at the Sofia place. */
async function bookedClient(language: Language, startsAt: Date, statusId: number = APPOINTMENT_STATUS.new) {
  const client = await createTestClient(db, { language, firstName: "Мария" });
  const appointment = await createTestAppointment(db, {
    scenario,
    clientId: client.id,
    statusId,
    services: [{ name: "Маникюр", startsAt, minutes: 45 }],
  });
  return { client, appointment };
}

/** Queues a notice as a booking's transaction does, then lets a worker deliver it. */
async function notify(appointmentClientId: number, event: "booked" | "rescheduled" | "cancelled", mailer: Mailer) {
  await db.transaction((tx) => queueBookingNotice(tx, { appointmentClientId, event, sequence: 0 }));
  const log = recordingLog();
  await runDueJobs({
    database: api.database,
    handlers: bookingJobHandlers({ db, mailer, config, log }),
    log,
    pollMs: 10,
  });
  return log;
}

describe("queued booking notices", () => {
  it("tells a Bulgarian client in Bulgarian, in the app and by mail, with the place's local time", async () => {
    // 10:00 in Sofia on Tuesday 1 June 2027 (summer time, UTC+3).
    const { client, appointment } = await bookedClient("bg", new Date("2027-06-01T07:00:00Z"));
    const log = await notify(appointment.appointmentClientId, "booked", outboxMailer());
    const [notification, ...more] = await notificationsOf(client.id);
    expect(more).toEqual([]);
    expect(notification).toMatchObject({
      title: "Часът е запазен",
      body: "Маникюр в Студио Нова, вторник, 1 юни 2027 г. в 10:00.",
      actionUrl: `/bg/appointments/${appointment.appointmentClientId}`,
      readAt: null,
    });

    const mails = await readOutbox(dataDir);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe("Часът е запазен");
    expect(mail?.to).toEqual([client.email]);
    expect(mail?.headers.get("content-language")).toBe("bg");
    expect(mail?.text).toContain("Здравейте, Мария,");
    expect(mail?.text).toContain("Кога: вторник, 1 юни 2027 г. в 10:00");
    expect(mail?.text).toContain("Къде: Студио Нова, бул. Витоша 1, ");
    expect(mail?.text).toMatch(/- 10:00–10:45 Маникюр при Employee1 /);
    expect(mail?.text).toContain(`${PUBLIC_URL}/bg/appointments/${appointment.appointmentClientId}`);
    expect(mail?.text).toContain(`${PUBLIC_URL}/calendar/${appointment.calendarToken}.ics`);
    expect(mail?.html).toContain('<html lang="bg">');
    expect(log.lines.filter((line) => line.level === "error")).toEqual([]);
  });

  it("writes each client's notice in their own language", async () => {
    for (const language of SUPPORTED_LANGUAGES) {
      const { client, appointment } = await bookedClient(language, new Date("2027-06-02T07:00:00Z"));
      await notify(appointment.appointmentClientId, "cancelled", outboxMailer());
      const title = BOOKING_NOTICE_TEXTS[language].events.cancelled.title;
      const [notification] = await notificationsOf(client.id);
      expect(notification?.title, language).toBe(title);
      expect(notification?.body, language).toContain("10:00");
      const mails = (await readOutbox(dataDir)).filter((mail) => mail.to[0] === client.email);
      expect(
        mails.map((mail) => [mail.subject, mail.headers.get("content-language")]),
        language,
      ).toEqual([[title, language]]);
      expect(mails[0]?.text).toContain(BOOKING_NOTICE_TEXTS[language].events.cancelled.lead);
    }
  });

  it("delivers the notification when the mail server fails, and leaves the mail to be retried", async () => {
    const { client, appointment } = await bookedClient("en", new Date("2027-06-03T07:00:00Z"));
    const failing: Mailer = {
      appName: "Termin",
      send: () => Promise.reject(new Error("SMTP server unreachable")),
    };
    const log = await notify(appointment.appointmentClientId, "rescheduled", failing);
    expect((await notificationsOf(client.id)).map((row) => row.title)).toEqual(["Appointment moved"]);
    expect(log.lines.filter((line) => line.level === "warn").map((line) => line.obj)).toMatchObject([
      { key: `appointment-client:${appointment.appointmentClientId}:rescheduled:0:mail`, attempt: 1 },
    ]);
  });

  it("skips a notice whose appointment client does not exist", async () => {
    const log = await notify(2_000_000_000, "booked", outboxMailer());
    expect(log.lines.map((line) => [line.level, line.msg])).toEqual([
      ["info", "Notice skipped: no such appointment client, or the account was deleted"],
      ["info", "Scheduled job done"],
      ["info", "Notice skipped: no such appointment client, or the account was deleted"],
      ["info", "Scheduled job done"],
    ]);
    expect(await readOutbox(dataDir)).toEqual([]);
  });
});

const pendingJobs = (appointmentClientId: number) =>
  db
    .select({ key: scheduledJobs.key, kind: scheduledJobs.kind, runAt: scheduledJobs.runAt })
    .from(scheduledJobs)
    .where(and(like(scheduledJobs.key, `appointment-client:${appointmentClientId}:%`), isNull(scheduledJobs.doneAt)))
    .orderBy(scheduledJobs.key);

describe("scheduleAppointmentJobs and cancelAppointmentJobs", () => {
  it("schedules the reminder 24 hours before a start more than a day away, and the completion at the end", async () => {
    const startsAt = new Date(Date.now() + 3 * 24 * HOUR);
    const { appointment } = await bookedClient("en", startsAt);
    const id = appointment.appointmentClientId;
    await db.transaction((tx) =>
      scheduleAppointmentJobs(tx, { appointmentClientId: id, startsAt, endsAt: appointment.endsAt }),
    );
    const remindAt = new Date(startsAt.getTime() - 24 * HOUR);
    expect(await pendingJobs(id)).toEqual([
      { key: completeJobKey(id), kind: "appointment.complete", runAt: appointment.endsAt },
      { key: reminderJobKey(id, "mail"), kind: "appointment.reminder", runAt: remindAt },
      { key: reminderJobKey(id, "notification"), kind: "appointment.reminder", runAt: remindAt },
    ]);

    // Moved to within a day: no reminder any more, the completion moves along.
    const soon = new Date(Date.now() + 2 * HOUR);
    const soonEnd = new Date(soon.getTime() + 45 * 60_000);
    await scheduleAppointmentJobs(db, { appointmentClientId: id, startsAt: soon, endsAt: soonEnd });
    expect(await pendingJobs(id)).toEqual([{ key: completeJobKey(id), kind: "appointment.complete", runAt: soonEnd }]);

    await cancelAppointmentJobs(db, id);
    expect(await pendingJobs(id)).toEqual([]);
  });
});

describe("the booking jobs", () => {
  const jobOptions = (mailer: Mailer) => ({
    database: api.database,
    handlers: bookingJobHandlers({ db, mailer, config, log: recordingLog() }),
    log: { ...recordingLog(), warn: () => {} },
    pollMs: 10,
  });

  /** Schedules as a booking made three days ago would have: the reminder (start - 24 h) is overdue now. */
  const scheduledDaysAgo = (appointment: { appointmentClientId: number; startsAt: Date; endsAt: Date }) =>
    scheduleAppointmentJobs(db, { ...appointment, now: Date.now() - 3 * 24 * HOUR });

  it("sends a due reminder once, in the app and by mail", async () => {
    const { client, appointment } = await bookedClient("bg", new Date(Date.now() + 3 * HOUR));
    await scheduledDaysAgo(appointment);
    await runDueJobs(jobOptions(outboxMailer()));
    await runDueJobs(jobOptions(outboxMailer()));
    expect((await notificationsOf(client.id)).map((row) => row.title)).toEqual(["Напомняне за час"]);
    expect((await readOutbox(dataDir)).map((mail) => mail.subject)).toEqual(["Напомняне за час"]);
    expect((await pendingJobs(appointment.appointmentClientId)).map((job) => job.kind)).toEqual([
      "appointment.complete",
    ]);
  });

  it("retries only the mail when the mail server fails, without a second notification", async () => {
    const { client, appointment } = await bookedClient("en", new Date(Date.now() + 3 * HOUR));
    await scheduledDaysAgo(appointment);
    const failing: Mailer = { appName: "Termin", send: () => Promise.reject(new Error("SMTP down")) };
    await runDueJobs(jobOptions(failing));
    const mailJob = reminderJobKey(appointment.appointmentClientId, "mail");
    const [waiting] = await db.select().from(scheduledJobs).where(eq(scheduledJobs.key, mailJob));
    expect(waiting).toMatchObject({ attempts: 1, doneAt: null, lastError: "SMTP down" });

    await db
      .update(scheduledJobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(scheduledJobs.key, mailJob));
    await runDueJobs(jobOptions(outboxMailer()));
    expect((await notificationsOf(client.id)).map((row) => row.title)).toEqual(["Appointment reminder"]);
    expect((await readOutbox(dataDir)).map((mail) => mail.subject)).toEqual(["Appointment reminder"]);
  });

  it("sends no reminder for a cancelled appointment, nor for one that has already started", async () => {
    const cancelled = await bookedClient("en", new Date(Date.now() + 3 * HOUR), APPOINTMENT_STATUS.cancelled);
    const started = await bookedClient("en", new Date(Date.now() - HOUR / 2));
    await scheduledDaysAgo(cancelled.appointment);
    await scheduledDaysAgo(started.appointment);
    await runDueJobs(jobOptions(outboxMailer()));
    expect(await notificationsOf(cancelled.client.id)).toEqual([]);
    expect(await notificationsOf(started.client.id)).toEqual([]);
    expect(await readOutbox(dataDir)).toEqual([]);
    // Skipped is done: the reminders ran (and said nothing) and are not tried again.
    for (const { appointment } of [cancelled, started]) {
      const reminders = await db
        .select({ doneAt: scheduledJobs.doneAt, attempts: scheduledJobs.attempts })
        .from(scheduledJobs)
        .where(like(scheduledJobs.key, `appointment-client:${appointment.appointmentClientId}:reminder:%`));
      expect(reminders).toEqual([
        { doneAt: expect.any(Date), attempts: 1 },
        { doneAt: expect.any(Date), attempts: 1 },
      ]);
    }
  });

  it("completes new and confirmed appointments at their end, and no others", async () => {
    const ended = new Date(Date.now() - 2 * HOUR);
    const statuses = [
      APPOINTMENT_STATUS.new,
      APPOINTMENT_STATUS.confirmed,
      APPOINTMENT_STATUS.cancelled,
      APPOINTMENT_STATUS.noShow,
      APPOINTMENT_STATUS.pendingPayment,
    ];
    const booked = [];
    for (const status of statuses) booked.push(await bookedClient("en", ended, status));
    for (const { appointment } of booked) await scheduledDaysAgo(appointment);
    await runDueJobs(jobOptions(outboxMailer()));
    const after = [];
    for (const { appointment } of booked) {
      const [row] = await db
        .select({ statusId: appointmentClients.statusId })
        .from(appointmentClients)
        .where(eq(appointmentClients.id, appointment.appointmentClientId));
      after.push(row?.statusId);
    }
    expect(after).toEqual([
      APPOINTMENT_STATUS.completed,
      APPOINTMENT_STATUS.completed,
      APPOINTMENT_STATUS.cancelled,
      APPOINTMENT_STATUS.noShow,
      APPOINTMENT_STATUS.pendingPayment,
    ]);
  });

  it("waits for the new end of an appointment that was moved later without moving its jobs", async () => {
    const { appointment } = await bookedClient("en", new Date(Date.now() + HOUR));
    // The completion job still says it ended an hour ago.
    await scheduleAppointmentJobs(db, {
      appointmentClientId: appointment.appointmentClientId,
      startsAt: new Date(Date.now() - 2 * HOUR),
      endsAt: new Date(Date.now() - HOUR),
    });
    await runDueJobs(jobOptions(outboxMailer()));
    const [row] = await db
      .select({ statusId: appointmentClients.statusId })
      .from(appointmentClients)
      .where(eq(appointmentClients.id, appointment.appointmentClientId));
    expect(row?.statusId).toBe(APPOINTMENT_STATUS.new);
    expect(await pendingJobs(appointment.appointmentClientId)).toEqual([
      { key: completeJobKey(appointment.appointmentClientId), kind: "appointment.complete", runAt: appointment.endsAt },
    ]);
  });
});
