import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { PushConfig } from "@termin/config/env";
import { clients, notifications } from "@termin/db/account-schema";
import type { Database } from "@termin/db/database";
import { pushSubscriptions } from "@termin/db/push-schema";
import { isSupportedLanguage, type Language } from "@termin/domain/languages";
import type { JobHandler, JobLog } from "../jobs/job-worker.ts";
import { scheduleJob } from "../jobs/scheduled-jobs.ts";
import { writeNotification } from "../resources/notifications/write-notification.ts";
import { createFcmSender, readServiceAccount, type FcmSender } from "./fcm-sender.ts";
import { PushRetryLater, type PushUrgency } from "./push-delivery.ts";
import { pushMessage, type PushMessage } from "./push-payload.ts";
import { vapidKeysOf } from "./vapid-keys.ts";
import { sendWebPush } from "./web-push-sender.ts";

/** The push jobs' kinds (scheduled_jobs.kind). */
export const PUSH_JOB = {
  /** Payload { notificationId, expiresAt, urgency }: the push of a notification, queued with it. */
  notification: "push.notification",
  /** Payload { subscriptionId, message, expiresAt, urgency }: that push to one device, retried on its own. */
  send: "push.send",
} as const;

/** How long a push is worth delivering when nothing says otherwise: a day (decision 0050). */
export const DEFAULT_PUSH_LIFETIME_MS = 24 * 3_600_000;

export interface PushTiming {
  /** After this the push is not sent (and a push service that still holds it lets it go: the TTL ends here). */
  expiresAt: Date;
  urgency: PushUrgency;
}

/**
 * Queues the push of a notification in the transaction that writes it (the job table is the outbox, decision
 * 0028): the notification is pushed if and only if it was written. Every device of its client gets it.
 */
export async function queueNotificationPush(tx: Database, notificationId: string, timing: PushTiming): Promise<void> {
  await scheduleJob(tx, {
    kind: PUSH_JOB.notification,
    key: `notification:${notificationId}:push`,
    runAt: new Date(),
    payload: { notificationId, expiresAt: timing.expiresAt.toISOString(), urgency: timing.urgency },
  });
}

/**
 * Inserts a notification and queues its push, in one transaction (or in the caller's, when `tx` is one). The
 * notification's id is answered.
 */
export async function insertNotificationWithPush(
  db: Database,
  values: typeof notifications.$inferInsert,
  timing: PushTiming,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(notifications).values(values).returning({ id: notifications.id });
    if (!row) throw new Error("The notification was not written.");
    await queueNotificationPush(tx, row.id, timing);
    return row.id;
  });
}

/**
 * Where a push's click goes (spec: data.action_url): the notification's in-app path in the client's language. A
 * stored path without a language gets the account's, as the web app's notification link does; a path that is not
 * ours (another site, none at all) leads home.
 */
export function pushActionUrl(actionUrl: string | null, language: Language): string {
  const home = `/${language}/home`;
  if (!actionUrl || !actionUrl.startsWith("/") || /^\/[/\\]/.test(actionUrl)) return home;
  const [, first = ""] = actionUrl.split(/[/?#]/);
  if (isSupportedLanguage(first)) return actionUrl;
  return actionUrl === "/" ? home : `/${language}${actionUrl}`;
}

const urgency = z.enum(["very-low", "low", "normal", "high"]);
const notificationPayload = z.object({
  notificationId: z.string().min(1),
  expiresAt: z.iso.datetime({ offset: true }),
  urgency,
});
const sendPayload = z.object({
  subscriptionId: z.string().min(1),
  message: z.object({
    title: z.string(),
    body: z.string(),
    data: z.object({ action_url: z.string(), notification_id: z.string() }),
  }),
  expiresAt: z.iso.datetime({ offset: true }),
  urgency,
});

export interface PushDependencies {
  db: Database;
  config: PushConfig;
  log: JobLog;
  now?: () => number;
}

/** The push of notification `notificationId` in its client's language, and the client; undefined when gone. */
async function notificationPush(
  db: Database,
  notificationId: string,
): Promise<{ clientId: string; message: PushMessage } | undefined> {
  const [row] = await db
    .select({
      clientId: notifications.clientId,
      title: notifications.title,
      body: notifications.body,
      kind: notifications.kind,
      facts: notifications.facts,
      actionUrl: notifications.actionUrl,
      language: clients.language,
    })
    .from(notifications)
    .innerJoin(clients, eq(clients.id, notifications.clientId))
    .where(and(eq(notifications.id, notificationId), isNull(clients.deletedAt)));
  if (!row) return undefined;
  const language: Language = isSupportedLanguage(row.language) ? row.language : "en";
  const words = (row.kind && row.facts && writeNotification(row.kind, row.facts, language)) || row;
  return {
    clientId: row.clientId,
    message: pushMessage({
      title: words.title,
      body: words.body,
      actionUrl: pushActionUrl(row.actionUrl, language),
      notificationId,
    }),
  };
}

/** The push jobs' handlers: fan a notification's push out to its client's devices, then send each. */
export function pushJobHandlers(deps: PushDependencies): Record<string, JobHandler> {
  const { db, config, log } = deps;
  const now = deps.now ?? Date.now;
  let fcm: FcmSender | undefined;
  let fcmUnavailableSaid = false;
  if (config.fcmServiceAccount) fcm = createFcmSender(config, readServiceAccount(config.fcmServiceAccount), now);

  return {
    [PUSH_JOB.notification]: async (job) => {
      const payload = notificationPayload.parse(job.payload);
      if (Date.parse(payload.expiresAt) <= now()) return;
      const push = await notificationPush(db, payload.notificationId);
      if (!push) return;
      const devices = await db
        .select({ id: pushSubscriptions.id, provider: pushSubscriptions.provider })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.clientId, push.clientId));
      const reachable = devices.filter((device) => device.provider === "webpush" || fcm);
      if (reachable.length < devices.length && !fcmUnavailableSaid) {
        fcmUnavailableSaid = true;
        log.warn({}, "Push: FCM tokens are kept but not sent to, as FCM_SERVICE_ACCOUNT is not set");
      }
      if (reachable.length === 0) return;
      await db.transaction(async (tx) => {
        for (const device of reachable) {
          await scheduleJob(tx, {
            kind: PUSH_JOB.send,
            key: `notification:${payload.notificationId}:push:${device.id}`,
            runAt: new Date(now()),
            payload: {
              subscriptionId: device.id,
              message: push.message,
              expiresAt: payload.expiresAt,
              urgency: payload.urgency,
            },
          });
        }
      });
    },
    [PUSH_JOB.send]: async (job) => {
      const payload = sendPayload.parse(job.payload);
      const ttlSeconds = Math.floor((Date.parse(payload.expiresAt) - now()) / 1000);
      const context = { subscriptionId: payload.subscriptionId, notificationId: payload.message.data.notification_id };
      if (ttlSeconds <= 0) {
        log.info(context, "Push skipped: it expired before it could be sent");
        return;
      }
      const [device] = await db
        .select({ provider: pushSubscriptions.provider, token: pushSubscriptions.token })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.id, payload.subscriptionId));
      if (!device) return;
      const delivery = { ...device, message: payload.message, ttlSeconds, urgency: payload.urgency };
      let outcome;
      try {
        if (device.provider === "fcm") {
          if (!fcm) return;
          outcome = await fcm.send(delivery);
        } else {
          outcome = await sendWebPush(delivery, { keys: await vapidKeysOf(db, config), config });
        }
      } catch (error) {
        if (error instanceof PushRetryLater) throw error;
        throw new PushRetryLater(`Push failed: ${(error as Error).message}`);
      }
      if (outcome.result === "gone") {
        log.info({ ...context, status: outcome.status }, "Push subscription gone; dropped");
        await db
          .delete(pushSubscriptions)
          .where(and(eq(pushSubscriptions.id, payload.subscriptionId), eq(pushSubscriptions.token, device.token)));
      } else if (outcome.result === "refused") {
        log.warn({ ...context, status: outcome.status, detail: outcome.detail }, "Push refused by the push service");
      }
    },
  };
}
