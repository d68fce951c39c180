import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "@termin/config/env";
import { SITE_EMBED_HEADER, SITE_HOST_HEADER } from "@termin/contracts/site";
import { businesses } from "@termin/db/catalogue-schema";
import type { Database } from "@termin/db/database";
import { demoDomainOf } from "@termin/db/seed/demo/demo-domains";
import { domains } from "@termin/db/site-schema";
import { runDueJobs } from "../jobs/job-worker.ts";
import { createMailer } from "../mail/mailer.ts";
import { createBookingScenario, type BookingScenario } from "../booking/testing/booking-scenario.ts";
import { at, bookedIds, bookingRequests, dayAhead } from "../booking/testing/booking-requests.ts";
import { readOutbox, recordingLog } from "../booking/testing/notice-test-helpers.ts";
import { bookingJobHandlers } from "../booking/notices/booking-job-handlers.ts";
import { remindOfAppointment } from "../booking/notices/remind-of-appointment.ts";
import { readJson, startTestApi, type TestApi } from "../testing/start-test-api.ts";
import { createTestClient } from "../testing/test-clients.ts";

/**
 * The links that leave the product (decision 0046): a booking made on a business's own domain leads back to that
 * domain in its confirmation, reminder and cancellation e-mails, in its calendar file and in the calendar link the
 * API gives there, and names nothing of the marketplace; one made on the marketplace or in an embed leads to PUBLIC_URL.
 */

const PUBLIC_URL = "https://termin.test";

let api: TestApi;
let db: Database;
let dataDir: string;
let scenario: BookingScenario;
let domainHost: string;
let config: ReturnType<typeof loadConfig>;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "termin-site-links-"));
  const env = { DATA_DIR: dataDir, PUBLIC_URL };
  api = await startTestApi({ env });
  db = api.database.db;
  config = loadConfig({ LOG_LEVEL: "silent", APP_VERSION: "9.9.9", APP_BUILD: "test", ...env });
  scenario = await createBookingScenario(db);
  const [business] = await db
    .select({ slug: businesses.slug })
    .from(businesses)
    .where(eq(businesses.id, scenario.businessId));
  domainHost = demoDomainOf(business?.slug ?? "");
  // As the demo data maps its businesses: verified, a `.localhost` name needing no DNS.
  await db
    .insert(domains)
    .values({ businessId: scenario.businessId, host: domainHost, verificationToken: "test", verifiedAt: new Date() });
});
afterEach(() => rm(join(dataDir, "outbox"), { recursive: true, force: true }));
afterAll(async () => {
  await api?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const deps = () => ({ db, mailer: createMailer(config, recordingLog()), config, log: recordingLog() });
const deliverQueued = () =>
  runDueJobs({ database: api.database, handlers: bookingJobHandlers(deps()), log: recordingLog(), pollMs: 10 });

/** Books the scenario's service at the `index`-th time of a day ahead, as a new client, with the site's headers. */
async function bookOn(headers: Record<string, string>, index: number) {
  const requests = bookingRequests(api.baseUrl);
  const client = await createTestClient(db);
  const date = dayAhead(scenario, 4);
  const startsAt = at(scenario, date, `${String(9 + index).padStart(2, "0")}:00`);
  const { appointmentClientId } = await bookedIds(
    await requests.book(client, [{ service_price_id: String(scenario.servicePriceId), starts_at: startsAt }], headers),
  );
  // The answer's calendar link, asked on the same site, is the one its e-mails give.
  const own = await fetch(`${api.baseUrl}/v1c/appointment-clients/${appointmentClientId}`, {
    headers: { authorization: client.authorization, ...headers },
  });
  const { data } = await readJson<{ data: { attributes: { ics_download_link: string } } }>(own);
  return { client, appointmentClientId, calendarLink: data.attributes.ics_download_link };
}

/** The booked notice's mail, the reminder's and the cancellation's, and the calendar file, all in one text. */
async function everythingSentOf(booking: Awaited<ReturnType<typeof bookOn>>, headers: Record<string, string>) {
  await deliverQueued();
  await remindOfAppointment(deps(), { appointmentClientId: Number(booking.appointmentClientId), channel: "mail" });
  const cancelled = await bookingRequests(api.baseUrl).cancel(booking.client, booking.appointmentClientId, headers);
  expect(cancelled.status, await cancelled.clone().text()).toBe(200);
  await deliverQueued();
  const mails = (await readOutbox(dataDir)).filter((mail) => mail.to.includes(booking.client.email));
  expect(mails.map((mail) => mail.subject)).toEqual([
    "Appointment booked",
    "Appointment reminder",
    "Appointment cancelled",
  ]);
  const calendar = await fetch(`${api.baseUrl}${new URL(booking.calendarLink).pathname}`, { headers });
  expect(calendar.status).toBe(200);
  return [...mails.flatMap((mail) => [mail.text, mail.html]), await calendar.text(), booking.calendarLink].join("\n");
}

describe("links in e-mails and calendar files", () => {
  it("lead back to the business's own domain a booking was made on, never to the marketplace", async () => {
    const headers = { [SITE_HOST_HEADER]: domainHost };
    const sent = await everythingSentOf(await bookOn(headers, 0), headers);
    expect(sent).toContain(`http://${domainHost}/en/appointments`);
    expect(sent).toContain(`http://${domainHost}/calendar/`);
    expect(sent).not.toContain(PUBLIC_URL);
  });

  it("lead to PUBLIC_URL for a booking made on the marketplace", async () => {
    const sent = await everythingSentOf(await bookOn({}, 2), {});
    expect(sent).toContain(`${PUBLIC_URL}/en/appointments`);
    expect(sent).toContain(`${PUBLIC_URL}/calendar/`);
    expect(sent).not.toContain(domainHost);
  });

  it("lead to the product's own pages for a booking made in an embed", async () => {
    const headers = { [SITE_EMBED_HEADER]: domainHost.replace(/\.localhost$/, "") };
    const sent = await everythingSentOf(await bookOn(headers, 4), headers);
    expect(sent).toContain(`${PUBLIC_URL}/en/appointments`);
    expect(sent).not.toContain(domainHost);
  });
});
