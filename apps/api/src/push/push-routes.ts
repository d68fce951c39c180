import type { FastifyPluginAsync } from "fastify";
import type { ApiDependencies } from "../api-dependencies.ts";
import { requireClient } from "../auth/authenticate.ts";
import { parseBody } from "../auth/parse-body.ts";
import { AppError } from "../http/app-error.ts";
import { JSONAPI_MEDIA_TYPE } from "@termin/contracts/jsonapi";
import {
  deleteUserTokenBody,
  readWebPushSubscription,
  storedTokenOf,
  userTokenBody,
  webPushToken,
} from "./push-subscription-input.ts";
import { registerPushToken, unregisterPushToken, type PushSubscriptionRow } from "./push-subscriptions.ts";
import { vapidKeysOf } from "./vapid-keys.ts";

/** The JSON:API type of a device's push registration. */
export const PUSH_SUBSCRIPTION_TYPE = "push-subscriptions";

const subscriptionDocument = (row: PushSubscriptionRow) => ({
  data: {
    type: PUSH_SUBSCRIPTION_TYPE,
    id: row.id,
    attributes: {
      provider: row.provider,
      platforms: row.platforms,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    },
  },
});

/**
 * Push registrations under /auth (decision 0050): `POST /user-token` (spec section 7) keeps a device's token for
 * the signed-in client, `DELETE /user-token` drops it at sign-out, and `GET /push-config` tells a browser how to
 * subscribe (the VAPID public key).
 */
export const pushRoutes: FastifyPluginAsync<ApiDependencies> = async (app, { database, config }) => {
  const db = database.db;
  // The key pair is made (or read) as the server starts, so a read of /push-config never writes; should the database
  // be away then, the first request makes it instead.
  app.addHook("onReady", async () => {
    await vapidKeysOf(db, config.push).catch((error: unknown) =>
      app.log.warn({ err: error }, "Push: the VAPID key pair could not be read yet; the first request will"),
    );
  });

  app.get("/push-config", async (_request, reply) => {
    const keys = await vapidKeysOf(db, config.push);
    reply.header("cache-control", "public, max-age=300");
    return {
      provider: "webpush",
      vapid_public_key: keys.publicKey,
      fcm_enabled: config.push.fcmServiceAccount !== undefined,
    };
  });

  app.post("/user-token", async (request, reply) => {
    const { clientId } = await requireClient(request, db);
    const body = parseBody(userTokenBody, request.body);
    let token = body.token;
    if (body.provider === "webpush") {
      const read = readWebPushSubscription(body.token, config.push.allowLocalEndpoints);
      if ("problem" in read) throw new AppError("invalid_body", `token: ${read.problem}`, { pointer: "/token" });
      token = webPushToken(read.subscription);
    }
    const { subscription, created } = await registerPushToken(db, {
      clientId,
      provider: body.provider,
      token,
      platforms: body.platforms,
    });
    return reply
      .status(created ? 201 : 200)
      .header("cache-control", "no-store")
      .type(JSONAPI_MEDIA_TYPE)
      .send(subscriptionDocument(subscription));
  });

  app.delete("/user-token", async (request, reply) => {
    const { clientId } = await requireClient(request, db);
    const { token } = parseBody(deleteUserTokenBody, request.body);
    await unregisterPushToken(db, clientId, storedTokenOf(token));
    return reply.status(204).send();
  });
};
