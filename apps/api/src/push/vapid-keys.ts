import webpush from "web-push";
import type { PushConfig } from "@termin/config/env";
import type { Database } from "@termin/db/database";
import { vapidKeys } from "@termin/db/push-schema";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const known = new WeakMap<Database, Promise<VapidKeys>>();

/**
 * The server's VAPID key pair (decision 0050): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set; else the pair kept
 * in the database, made by the first process that asks (`insert ... on conflict do nothing`, then read: processes
 * starting together on one PostgreSQL database all read the one pair that won). Read once per process.
 */
export function vapidKeysOf(db: Database, config: Pick<PushConfig, "vapid">): Promise<VapidKeys> {
  if (config.vapid) return Promise.resolve(config.vapid);
  let keys = known.get(db);
  if (!keys) {
    keys = keptVapidKeys(db);
    keys.catch(() => known.delete(db));
    known.set(db, keys);
  }
  return keys;
}

async function keptVapidKeys(db: Database): Promise<VapidKeys> {
  const made = webpush.generateVAPIDKeys();
  await db
    .insert(vapidKeys)
    .values({ id: 1, publicKey: made.publicKey, privateKey: made.privateKey })
    .onConflictDoNothing();
  const [kept] = await db
    .select({ publicKey: vapidKeys.publicKey, privateKey: vapidKeys.privateKey })
    .from(vapidKeys)
    .limit(1);
  if (!kept) throw new Error("The VAPID key pair was neither made nor found.");
  return kept;
}
