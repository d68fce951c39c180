import { randomUUID } from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import { clientAvatars, clients } from "@termin/db/account-schema";
import type { Database } from "@termin/db/database";
import { normaliseAvatar } from "../avatars/avatar-pictures.ts";

/** Stores a client's new picture (normalised) and forgets the previous one: one avatar per client. */
export async function setClientAvatar(options: { db: Database; clientId: string; upload: Buffer }): Promise<void> {
  const { db, clientId } = options;
  const image = await normaliseAvatar(options.upload);
  await db.transaction(async (tx) => {
    const id = randomUUID();
    await tx.insert(clientAvatars).values({ id, clientId, image });
    await tx.update(clients).set({ avatarId: id }).where(eq(clients.id, clientId));
    await tx.delete(clientAvatars).where(and(eq(clientAvatars.clientId, clientId), ne(clientAvatars.id, id)));
  });
}

/** Removes a client's picture: the shell shows their initials again. */
export async function removeClientAvatar(options: { db: Database; clientId: string }): Promise<void> {
  const { db, clientId } = options;
  await db.transaction(async (tx) => {
    await tx.update(clients).set({ avatarId: null }).where(eq(clients.id, clientId));
    await tx.delete(clientAvatars).where(eq(clientAvatars.clientId, clientId));
  });
}
