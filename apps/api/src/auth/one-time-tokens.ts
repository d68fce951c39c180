import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "@termin/db/database";
import { clients, oneTimeTokens } from "@termin/db/account-schema";
import { refusal } from "../http/refusal.ts";
import { hashToken, newSecretToken } from "./secret-tokens.ts";

export type OneTimePurpose = (typeof oneTimeTokens.$inferInsert)["purpose"];

/** How long an e-mailed link works: a day to confirm an address, an hour to reset a password. */
export const ONE_TIME_TOKEN_SECONDS: Record<OneTimePurpose, number> = {
  verify_email: 24 * 60 * 60,
  reset_password: 60 * 60,
};

const linkNotValid = () => refusal("link_not_valid", { pointer: "/token" });

/** A new e-mailed token; only its hash is stored. */
export async function createOneTimeToken(options: {
  db: Database;
  clientId: string;
  purpose: OneTimePurpose;
  now?: Date;
}): Promise<string> {
  const now = options.now ?? new Date();
  const token = newSecretToken();
  await options.db.insert(oneTimeTokens).values({
    tokenHash: hashToken(token),
    clientId: options.clientId,
    purpose: options.purpose,
    expiresAt: new Date(now.getTime() + ONE_TIME_TOKEN_SECONDS[options.purpose] * 1000),
  });
  return token;
}

const validToken = (token: string, purpose: OneTimePurpose, now: Date) =>
  and(
    eq(oneTimeTokens.tokenHash, hashToken(token)),
    eq(oneTimeTokens.purpose, purpose),
    isNull(oneTimeTokens.usedAt),
    gt(oneTimeTokens.expiresAt, now),
  );

/** The live account an unspent, unexpired token belongs to; 422 at /token otherwise. Does not spend it. */
export async function findOneTimeToken(options: {
  db: Database;
  token: string;
  purpose: OneTimePurpose;
  now?: Date;
}): Promise<{ clientId: string; email: string; language: string; firstName: string }> {
  const now = options.now ?? new Date();
  const [row] = await options.db
    .select({ clientId: clients.id, email: clients.email, language: clients.language, firstName: clients.firstName })
    .from(oneTimeTokens)
    .innerJoin(clients, eq(clients.id, oneTimeTokens.clientId))
    .where(and(validToken(options.token, options.purpose, now), isNull(clients.deletedAt)))
    .limit(1);
  if (!row) throw linkNotValid();
  return row;
}

/**
 * Spends the token and every other unspent one of the same purpose for its client (a reset done with one
 * mail makes the others useless). Conditional, so two concurrent confirmations cannot both succeed.
 */
export async function spendOneTimeToken(options: {
  db: Database;
  token: string;
  purpose: OneTimePurpose;
  now?: Date;
}): Promise<string> {
  const { db, purpose } = options;
  const now = options.now ?? new Date();
  const [spent] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(validToken(options.token, purpose, now))
    .returning({ clientId: oneTimeTokens.clientId });
  if (!spent) throw linkNotValid();
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(eq(oneTimeTokens.clientId, spent.clientId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)),
    );
  return spent.clientId;
}
