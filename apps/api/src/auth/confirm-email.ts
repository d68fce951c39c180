import { eq, sql } from "drizzle-orm";
import type { Database } from "@termin/db/database";
import { clients } from "@termin/db/account-schema";
import { spendOneTimeToken } from "./one-time-tokens.ts";

/** The e-mailed verification link was opened: the address is confirmed (no sign-in needed, any browser). */
export async function confirmEmail(options: { db: Database; token: string }): Promise<void> {
  const { db } = options;
  const now = new Date();
  const clientId = await spendOneTimeToken({ db, token: options.token, purpose: "verify_email", now });
  await db
    .update(clients)
    .set({ emailVerifiedAt: sql`coalesce(${clients.emailVerifiedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(clients.id, clientId));
}
