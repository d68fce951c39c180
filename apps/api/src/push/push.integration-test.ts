import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { generateKeyPairSync, verify } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, type AppConfig } from "@termin/config/env";
import { notifications } from "@termin/db/account-schema";
import { scheduledJobs } from "@termin/db/booking-schema";
import type { Database } from "@termin/db/database";
import { pushSubscriptions, vapidKeys } from "@termin/db/push-schema";
import { runDueJobs, type JobHandler } from "../jobs/job-worker.ts";
import { createMailer } from "../mail/mailer.ts";
import { bookingJobHandlers } from "../booking/notices/booking-job-handlers.ts";
import { BOOKING_NOTICE_TEXTS } from "../booking/notices/booking-notice-texts.ts";
import { at, bookedIds, bookingRequests, dayAhead } from "../booking/testing/booking-requests.ts";
import { createBookingScenario, type BookingScenario } from "../booking/testing/booking-scenario.ts";
import { recordingLog } from "../booking/testing/notice-test-helpers.ts";
import { readJson, startTestApi, type TestApi } from "../testing/start-test-api.ts";
import { createTestClient, type TestClient } from "../testing/test-clients.ts";
import { insertNotificationWithPush, PUSH_JOB, pushJobHandlers } from "./push-jobs.ts";
import { startLocalPushService, verifiedVapidClaims, type LocalPushService } from "./testing/local-push-service.ts";

let api: TestApi;
let db: Database;
let config: AppConfig;
let pushService: LocalPushService;
let scenario: BookingScenario;

beforeAll(async () => {
  api = await startTestApi();
  db = api.database.db;
  config = loadConfig({ LOG_LEVEL: "silent", APP_VERSION: "9.9.9", APP_BUILD: "test" });
  pushService = await startLocalPushService();
  scenario = await createBookingScenario(db, { timeZone: "Europe/Sofia" });
});
afterAll(async () => {
  await pushService?.close();
  await api?.close();
});

const auth = (method: "POST" | "DELETE", client: TestClient | undefined, body: unknown) =>
  fetch(`${api.baseUrl}/auth/user-token`, {
    method,
    headers: {
      // As the web app's API client sends it.
      accept: "application/vnd.api+json",
      "content-type": "application/json",
      ...(client ? { authorization: client.authorization } : {}),
    },
    body: JSON.stringify(body),
  });
const register = (client: TestClient | undefined, token: string, provider = "webpush", platforms: unknown = ["web"]) =>
  auth("POST", client, { provider, token, platforms });

interface SubscriptionDocument {
  data: { type: string; id: string; attributes: { provider: string; platforms: string[] } };
}

const subscriptionsWith = (token: string) =>
  db.select().from(pushSubscriptions).where(eq(pushSubscriptions.token, token));
const subscriptionsOf = (clientId: string) =>
  db.select().from(pushSubscriptions).where(eq(pushSubscriptions.clientId, clientId));

/** Runs due jobs as a server's worker would, with the push handlers of `pushConfig`. */
async function runJobs(pushConfig: AppConfig["push"] = config.push, extra: Record<string, JobHandler> = {}) {
  const log = recordingLog();
  await runDueJobs({
    database: api.database,
    handlers: { ...extra, ...pushJobHandlers({ db, config: pushConfig, log }) },
    pollMs: 0,
    log,
  });
  return log;
}

async function notify(clientId: string, actionUrl: string | null = "/forms/7", hours = 24) {
  return insertNotificationWithPush(
    db,
    { clientId, title: "A form to fill in", body: "Studio Nova sent you a form.", actionUrl },
    { expiresAt: new Date(Date.now() + hours * 3_600_000), urgency: "normal" },
  );
}

describe("GET /auth/push-config", () => {
  it("answers the VAPID public key kept in the database, the same every time", async () => {
    const first = await readJson<{ provider: string; vapid_public_key: string; fcm_enabled: boolean }>(
      await fetch(`${api.baseUrl}/auth/push-config`),
    );
    expect(first).toMatchObject({ provider: "webpush", fcm_enabled: false });
    expect(first.vapid_public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const again = await readJson<{ vapid_public_key: string }>(await fetch(`${api.baseUrl}/auth/push-config`));
    expect(again.vapid_public_key).toBe(first.vapid_public_key);
    const [kept] = await db.select().from(vapidKeys);
    expect(kept?.publicKey).toBe(first.vapid_public_key);
  });
});

describe("POST /auth/user-token", () => {
  it("needs a signed-in client", async () => {
    const response = await register(undefined, pushService.browser("anonymous").token);
    expect(response.status).toBe(401);
    expect((await auth("DELETE", undefined, { token: "x" })).status).toBe(401);
  });

  it("refuses bad bodies with 422 and a pointer to each bad field", async () => {
    const client = await createTestClient(db);
    const good = JSON.parse(pushService.browser("shape").token) as {
      endpoint: string;
      keys: { p256dh: string; auth: string };
    };
    const cases: Array<[unknown, string]> = [
      [{ token: "t", platforms: ["web"] }, "/provider"],
      [{ provider: "apns", token: "t", platforms: ["web"] }, "/provider"],
      [{ provider: "webpush", platforms: ["web"] }, "/token"],
      [{ provider: "webpush", token: "not json", platforms: ["web"] }, "/token"],
      [
        {
          provider: "webpush",
          token: JSON.stringify({ ...good, endpoint: "http://push.example.com/x" }),
          platforms: ["web"],
        },
        "/token",
      ],
      [
        { provider: "webpush", token: JSON.stringify({ ...good, endpoint: "https://10.0.0.7/x" }), platforms: ["web"] },
        "/token",
      ],
      [
        {
          provider: "webpush",
          token: JSON.stringify({ ...good, keys: { ...good.keys, p256dh: "AAAA" } }),
          platforms: ["web"],
        },
        "/token",
      ],
      [
        {
          provider: "webpush",
          token: JSON.stringify({ ...good, keys: { ...good.keys, auth: "AAAA" } }),
          platforms: ["web"],
        },
        "/token",
      ],
      [{ provider: "fcm", token: "has a space", platforms: ["android"] }, "/token"],
      [{ provider: "fcm", token: "fcm-token-1", platforms: [] }, "/platforms"],
      [{ provider: "fcm", token: "fcm-token-1", platforms: ["windows"] }, "/platforms/0"],
      [{ provider: "fcm", token: "fcm-token-1", platforms: "android" }, "/platforms"],
      [{ provider: "fcm", token: "fcm-token-1", platforms: ["ios", "ios"] }, "/platforms"],
    ];
    for (const [body, pointer] of cases) {
      const response = await auth("POST", client, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      const { errors } = await readJson<{
        errors: Array<{ code: string; detail: string; source?: { pointer?: string } }>;
      }>(response);
      expect(
        errors.map((error) => error.source?.pointer),
        JSON.stringify(body),
      ).toContain(pointer);
      expect(errors[0]?.code).toBe("invalid_body");
      expect(errors[0]?.detail).toBeTruthy();
    }
    expect(await subscriptionsOf(client.id)).toEqual([]);
  });

  it("keeps a token (201), refreshes it (200), moves it to the client who registers it last, and deletes only one's own", async () => {
    const [maria, ivan] = [await createTestClient(db), await createTestClient(db)];
    const browser = pushService.browser("shared-device");
    const created = await register(maria, browser.token);
    expect(created.status).toBe(201);
    const document = await readJson<SubscriptionDocument>(created);
    expect(document.data).toMatchObject({
      type: "push-subscriptions",
      attributes: { provider: "webpush", platforms: ["web"] },
    });

    // The same subscription, its JSON ordered otherwise, is the same token.
    const reordered = JSON.stringify({ keys: JSON.parse(browser.token).keys, endpoint: browser.endpoint });
    const refreshed = await register(maria, reordered);
    expect(refreshed.status).toBe(200);
    expect((await readJson<SubscriptionDocument>(refreshed)).data.id).toBe(document.data.id);

    const moved = await register(ivan, browser.token, "webpush", ["web", "android"]);
    expect(moved.status).toBe(200);
    expect(await subscriptionsOf(maria.id)).toEqual([]);
    const [row] = await subscriptionsOf(ivan.id);
    expect(row).toMatchObject({ id: document.data.id, platforms: ["web", "android"] });

    // Maria signs out on her old device: Ivan's registration stays.
    expect((await auth("DELETE", maria, { token: browser.token })).status).toBe(204);
    expect(await subscriptionsOf(ivan.id)).toHaveLength(1);
    expect((await auth("DELETE", ivan, { token: reordered })).status).toBe(204);
    expect(await subscriptionsOf(ivan.id)).toEqual([]);
    expect((await auth("DELETE", ivan, { token: reordered })).status).toBe(204);
  });

  it("forgets a deleted account's devices", async () => {
    const client = await createTestClient(db);
    await register(client, pushService.browser("deleted-account").token);
    const deleted = await fetch(`${api.baseUrl}/v1c/clients/${client.id}`, {
      method: "DELETE",
      headers: { authorization: client.authorization },
    });
    expect(deleted.status).toBe(204);
    expect(await subscriptionsOf(client.id)).toEqual([]);
  });
});

describe("sending", () => {
  it("pushes a notification encrypted for the browser, signed with the VAPID key, with its TTL and urgency", async () => {
    const client = await createTestClient(db, { language: "bg" });
    const browser = pushService.browser("encrypted");
    expect((await register(client, browser.token)).status).toBe(201);
    const notificationId = await notify(client.id, "/forms/7");
    await runJobs();
    const push = await pushService.next("/push/encrypted");

    expect(browser.decrypt(push.body)).toEqual({
      title: "A form to fill in",
      body: "Studio Nova sent you a form.",
      data: { action_url: "/bg/forms/7", notification_id: notificationId },
    });
    expect(push.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(push.headers.ttl)).toBeGreaterThan(86_300);
    expect(Number(push.headers.ttl)).toBeLessThanOrEqual(86_400);
    expect(push.headers.urgency).toBe("normal");
    const { publicKey, claims } = verifiedVapidClaims(push.headers.authorization);
    const { vapid_public_key } = await readJson<{ vapid_public_key: string }>(
      await fetch(`${api.baseUrl}/auth/push-config`),
    );
    expect(publicKey).toBe(vapid_public_key);
    expect(claims.aud).toBe(pushService.url);
    expect(claims.sub).toBe(config.push.vapidSubject);
  });

  it("drops a subscription whose push service answers 410, and retries a 500 later", async () => {
    const client = await createTestClient(db);
    const gone = pushService.browser("gone");
    await register(client, gone.token);
    pushService.answer(410);
    await notify(client.id);
    await runJobs();
    await pushService.next("/push/gone");
    expect(await subscriptionsOf(client.id)).toEqual([]);

    const failing = pushService.browser("failing");
    await register(client, failing.token);
    pushService.answer(500);
    const notificationId = await notify(client.id);
    const log = await runJobs();
    pushService.answer(201);
    await pushService.next("/push/failing");
    expect(await subscriptionsOf(client.id)).toHaveLength(1);
    const [job] = await db
      .select()
      .from(scheduledJobs)
      .where(eq(scheduledJobs.key, `notification:${notificationId}:push:${(await subscriptionsOf(client.id))[0]?.id}`));
    expect(job).toMatchObject({ kind: PUSH_JOB.send, attempts: 1, doneAt: null });
    expect(job?.lastError).toMatch(/500/);
    expect(log.lines.some((line) => line.level === "warn")).toBe(true);
  });

  it("a booking made through the API ends in a push to the client's browser", async () => {
    const client = await createTestClient(db, { language: "en" });
    const browser = pushService.browser("booking");
    await register(client, browser.token);
    const date = dayAhead(scenario, 3);
    const booked = await bookedIds(
      await bookingRequests(api.baseUrl).book(client, [
        {
          service_price_id: String(scenario.servicePriceId),
          employee_id: null,
          starts_at: at(scenario, date, "10:00"),
        },
      ]),
    );
    const log = recordingLog();
    const mailer = createMailer(loadConfig({ LOG_LEVEL: "silent", DATA_DIR: `/tmp/termin-push-${process.pid}` }), log);
    await runJobs(config.push, bookingJobHandlers({ db, mailer, config, log }));
    const push = await pushService.next("/push/booking");
    const message = browser.decrypt(push.body) as { title: string; body: string; data: { action_url: string } };
    expect(message.title).toBe(BOOKING_NOTICE_TEXTS.en.events.booked.title);
    expect(message.data.action_url).toBe(`/en/appointments/${booked.appointmentClientId}`);
    expect(message.body.length).toBeGreaterThan(0);
    const [written] = await db.select().from(notifications).where(eq(notifications.clientId, client.id));
    expect(written?.actionUrl).toBe(`/en/appointments/${booked.appointmentClientId}`);
  });
});

describe("FCM", () => {
  /** One local server standing in for Google's token endpoint and the FCM v1 API. */
  async function startGoogle(sendStatus: number) {
    const requests: Array<{ path: string; headers: Record<string, unknown>; body: string }> = [];
    const server: Server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        requests.push({ path: request.url ?? "", headers: request.headers, body });
        response.setHeader("content-type", "application/json");
        if (request.url === "/token") {
          response.end(JSON.stringify({ access_token: "ya29.test-access", expires_in: 3599, token_type: "Bearer" }));
        } else if (sendStatus === 200) {
          response.end(JSON.stringify({ name: "projects/termin-test/messages/1" }));
        } else {
          response.writeHead(sendStatus).end(
            JSON.stringify({
              error: {
                code: 404,
                status: "NOT_FOUND",
                message: "Requested entity was not found.",
                details: [
                  { "@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError", errorCode: "UNREGISTERED" },
                ],
              },
            }),
          );
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { url, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const account = JSON.stringify({
    type: "service_account",
    project_id: "termin-test",
    client_email: "push@termin-test.iam.gserviceaccount.com",
    private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
  });
  const fcmConfig = (url: string) =>
    loadConfig({
      LOG_LEVEL: "silent",
      FCM_SERVICE_ACCOUNT: account,
      FCM_OAUTH_URL: `${url}/token`,
      FCM_API_URL: url,
    }).push;

  it("refuses FCM test URLs that are not local", () => {
    expect(() => loadConfig({ FCM_API_URL: "https://fcm.example.com" })).toThrow(/FCM_API_URL/);
  });

  it("keeps fcm tokens without sending when FCM is not configured", async () => {
    const client = await createTestClient(db);
    expect((await register(client, "fcm-token-unsent", "fcm", ["android"])).status).toBe(201);
    await notify(client.id);
    const log = await runJobs();
    expect(log.lines.some((line) => /FCM/.test(line.msg))).toBe(true);
    expect(await subscriptionsOf(client.id)).toHaveLength(1);
  });

  it("signs a JWT bearer grant, sends through messages:send, and drops an UNREGISTERED token", async () => {
    const google = await startGoogle(200);
    try {
      const client = await createTestClient(db, { language: "de" });
      await register(client, "fcm-token-delivered", "fcm", ["ios"]);
      const notificationId = await notify(client.id, "/appointments/5", 2);
      await runJobs(fcmConfig(google.url));
      const [grant, send] = google.requests;
      const form = new URLSearchParams(grant?.body);
      expect(grant?.path).toBe("/token");
      expect(form.get("grant_type")).toBe("urn:ietf:params:oauth:grant-type:jwt-bearer");
      const [header = "", claims = "", signature = ""] = (form.get("assertion") ?? "").split(".");
      expect(
        verify("RSA-SHA256", Buffer.from(`${header}.${claims}`), publicKey, Buffer.from(signature, "base64url")),
      ).toBe(true);
      expect(JSON.parse(Buffer.from(claims, "base64url").toString())).toMatchObject({
        iss: "push@termin-test.iam.gserviceaccount.com",
        scope: "https://www.googleapis.com/auth/firebase.messaging",
        aud: `${google.url}/token`,
      });
      expect(send?.path).toBe("/v1/projects/termin-test/messages:send");
      expect(send?.headers.authorization).toBe("Bearer ya29.test-access");
      const { message } = JSON.parse(send?.body ?? "{}") as {
        message: { token: string; notification: object; data: object; android: { ttl: string } };
      };
      expect(message).toMatchObject({
        token: "fcm-token-delivered",
        notification: { title: "A form to fill in", body: "Studio Nova sent you a form." },
        data: { action_url: "/de/appointments/5", notification_id: notificationId },
      });
      expect(Number.parseInt(message.android.ttl, 10)).toBeGreaterThan(7_000);
      expect(Number.parseInt(message.android.ttl, 10)).toBeLessThanOrEqual(7_200);
    } finally {
      await google.close();
    }

    const unregistered = await startGoogle(404);
    try {
      const client = await createTestClient(db);
      await register(client, "fcm-token-gone", "fcm", ["android"]);
      await notify(client.id);
      await runJobs(fcmConfig(unregistered.url));
      expect(unregistered.requests.map((request) => request.path)).toContain("/v1/projects/termin-test/messages:send");
      expect(await subscriptionsWith("fcm-token-gone")).toEqual([]);
    } finally {
      await unregistered.close();
    }
  });
});
